// The entries of a task's history or a list's activity (SPEC §17), newest first: who (avatar and
// name; "Former member" for a deleted account), when, and what changed, with the earlier and the
// new text where there is one. A task's history offers "Restore this version" on earlier titles
// and notes (onRestore).
import type { ReactNode } from 'react';
import { LIST_COLORS, type ListColor } from '@/domain/model';
import { absoluteTime, relativeTime } from '@/lib/relative-time';
import { Avatar } from './avatar';
import { FORMER_MEMBER } from './member-name';
import './history-list.css';

export interface HistoryItem {
  id: number;
  task_title: string | null;
  at: string;
  actor_id: string | null;
  actor_name: string | null;
  actor_color: string | null;
  kind: string;
  before: unknown;
  after: unknown;
  subject_name: string | null;
}

const WHAT: Record<string, string> = {
  created: 'created the task',
  title: 'renamed it',
  notes: 'changed the notes',
  due: 'changed the date',
  deadline: 'changed the deadline',
  priority: 'changed the priority',
  list: 'moved it to another list',
  assignee: 'changed who does it',
  done: 'completed it',
  reopened: 'marked it not done',
  deleted: 'deleted it',
  restored: 'restored it',
  joined: 'joined the list',
  left: 'left the list',
};

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function dueText(v: unknown): string {
  const d = v as { date?: string | null; time?: string | null } | null;
  if (!d?.date) return 'no date';
  return d.time ? `${d.date} ${d.time}` : d.date;
}

function detail(e: HistoryItem): ReactNode {
  if (e.kind === 'title' || e.kind === 'notes') {
    return (
      <span className="history-change">
        <del>{text(e.before) || '(empty)'}</del> → <ins>{text(e.after) || '(empty)'}</ins>
      </span>
    );
  }
  if (e.kind === 'due') return <span className="history-change">{`${dueText(e.before)} → ${dueText(e.after)}`}</span>;
  if (e.kind === 'deadline') return <span className="history-change">{`${text(e.before) ?? 'none'} → ${text(e.after) ?? 'none'}`}</span>;
  return null;
}

function who(e: HistoryItem): { name: string; color: ListColor } {
  if (e.actor_id === null) return { name: 'Daybook', color: 'grey' };
  const color = LIST_COLORS.find((c) => c === e.actor_color) ?? 'grey';
  return { name: e.actor_name || FORMER_MEMBER, color };
}

function sentence(e: HistoryItem, withTask: boolean): string {
  if (e.kind === 'joined' || e.kind === 'left') {
    const subject = e.subject_name || FORMER_MEMBER;
    const actor = who(e).name;
    if (e.kind === 'left' && subject !== actor) return `removed ${subject}`;
    return e.kind === 'joined' && subject !== actor ? `${subject} joined the list` : WHAT[e.kind]!;
  }
  const what = WHAT[e.kind] ?? 'changed it';
  return withTask && e.task_title ? what.replace(/\b(it|the task)\b/, `“${e.task_title}”`) : what;
}

export function HistoryList({ entries, withTask = false, onRestore }: { entries: readonly HistoryItem[]; withTask?: boolean; onRestore?: (e: HistoryItem) => void }) {
  const now = Date.now();
  return (
    <ol className="history">
      {entries.map((e) => {
        const person = who(e);
        const restorable = onRestore && (e.kind === 'title' || e.kind === 'notes') && typeof e.before === 'string';
        return (
          <li key={e.id} className="history-entry">
            <span className="history-avatar">
              <Avatar name={person.name} color={person.color} size="sm" />
            </span>
            <div className="history-main">
              <p className="history-meta">
                <span className="history-author">{person.name}</span> {sentence(e, withTask)}{' '}
                <time dateTime={e.at} title={absoluteTime(e.at)}>
                  {relativeTime(e.at, now)}
                </time>
              </p>
              {detail(e)}
              {restorable && (
                <button type="button" className="btn btn-sm btn-ghost" onClick={() => onRestore(e)}>
                  Restore this version
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
