// A line added before the parser had loaded went in as a plain title ("Pay rent tomorrow at 9");
// once the parser is here it is read as it would have been, and the task gets its date, time and
// the rest — unless the person has edited the task since, whose edit wins. Part of the chunk
// loaded on demand (understood.ts).
import { getTask, listLists, tasks } from '@/data';
import type { Task } from '@/domain/model';
import { formatRule } from '@/domain/recurrence';
import { understand } from './understood';

type Options = Parameters<typeof understand>[1];

/** What the person can change on a task: if any of it differs from the task as added, it was edited. */
const EDITABLE = ['title', 'notes', 'due_date', 'due_time', 'priority', 'list_id', 'done', 'deleted_at', 'repeat', 'deadline', 'assignee', 'duration_min'] as const;

export async function applyLateLine(added: Task, text: string, options: Options): Promise<boolean> {
  // the lists may not have been read yet when the line went in (the first seconds of a start)
  const { result } = understand(text, { ...options, lists: options.lists ?? (await listLists()) });
  // nothing read, or nothing left for a title (a task needs one): the line stays as it was added
  if (result.parts.length === 0 || !result.title) return false;
  const now = await getTask(added.id);
  if (now === null || EDITABLE.some((key) => (now[key] ?? null) !== (added[key] ?? null))) return false;
  const { repeat, labels: labelNames, ...fields } = result.fields;
  await tasks.update(added.id, {
    ...fields,
    ...(repeat ? { repeat: formatRule(repeat.rule), repeat_anchor: repeat.anchor } : {}),
    title: result.title,
  });
  if (labelNames?.length) await (await import('@/data/labels')).labels.addByName(added.id, labelNames);
  return true;
}
