// The entries of a task's history or a list's activity (SPEC §17), newest first: who (avatar and
// name; "Former member" for a deleted account), when, and what changed, with the earlier and the
// new text where there is one. A task's history offers "Restore this version" on earlier titles
// and notes (onRestore).
import type { ReactNode } from 'react';
import { LIST_COLORS, type ListColor } from '@/domain/model';
import { absoluteTime, relativeTime } from '@/lib/relative-time';
import { Avatar } from './avatar';
import { formerMember } from './member-name';
import { t } from './history-list/messages';
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

/** Each kind's words; those that name the task say its title on a list's activity. */
const WHAT = {
  created: 'historyList.created',
  title: 'historyList.title',
  notes: 'historyList.notes',
  due: 'historyList.due',
  deadline: 'historyList.deadline',
  priority: 'historyList.priority',
  list: 'historyList.list',
  assignee: 'historyList.assignee',
  done: 'historyList.done',
  reopened: 'historyList.reopened',
  deleted: 'historyList.deleted',
  restored: 'historyList.restored',
  joined: 'historyList.joined',
  left: 'historyList.left',
} as const;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function dueText(v: unknown): string {
  const d = v as { date?: string | null; time?: string | null } | null;
  if (!d?.date) return t('historyList.noDate');
  return d.time ? `${d.date} ${d.time}` : d.date;
}

function detail(e: HistoryItem): ReactNode {
  if (e.kind === 'title' || e.kind === 'notes') {
    return (
      <span className="history-change">
        <del>{text(e.before) || t('historyList.empty')}</del> → <ins>{text(e.after) || t('historyList.empty')}</ins>
      </span>
    );
  }
  if (e.kind === 'due') return (
      <span className="history-change">
        {dueText(e.before)} → {dueText(e.after)}
      </span>
    );
  if (e.kind === 'deadline') return (
      <span className="history-change">
        {text(e.before) ?? t('historyList.none')} → {text(e.after) ?? t('historyList.none')}
      </span>
    );
  return null;
}

function who(e: HistoryItem): { name: string; color: ListColor } {
  if (e.actor_id === null) return { name: 'Daybook', color: 'grey' };
  const color = LIST_COLORS.find((c) => c === e.actor_color) ?? 'grey';
  return { name: e.actor_name || formerMember(), color };
}

function sentence(e: HistoryItem, withTask: boolean): string {
  if (e.kind === 'joined' || e.kind === 'left') {
    const subject = e.subject_name || formerMember();
    const actor = who(e).name;
    if (e.kind === 'left' && subject !== actor) return t('historyList.removed', { name: subject });
    return e.kind === 'joined' && subject !== actor ? t('historyList.added', { name: subject }) : t(WHAT[e.kind]);
  }
  const key = WHAT[e.kind as keyof typeof WHAT] ?? 'historyList.changed';
  return t(key, { withTask: withTask && e.task_title ? 'yes' : 'no', task: e.task_title ?? '' });
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
                  {t('historyList.restoreVersion')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
