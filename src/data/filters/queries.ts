// Saved filters (SPEC §14.2): the person's filters, and what one shows — run here, on the device's
// own rows, so it is live and works offline. The predicate is src/domain/filters.ts.
import { filterPredicate } from '@/domain/filter-predicate';
import { checkFilterQuery, type FilterQuery } from '@/domain/filters';
import type { SavedFilter, Task } from '@/domain/model';
import { getDb } from '../db/database';
import { type DaybookDb, STATE, toTask } from '../db/schema';
import { readIdentity } from '../db/identity';

export async function getFilter(id: string, db: DaybookDb = getDb()): Promise<SavedFilter | null> {
  const row = await db.filters.get(id);
  return row && !row.deleted_at ? row : null;
}

/** A saved query as the predicate reads it; one a newer version saved with fields this one does not know shows nothing. */
function queryOf(filter: SavedFilter): FilterQuery | null {
  try {
    return checkFilterQuery(filter.query);
  } catch {
    return null;
  }
}

/**
 * The tasks the query keeps, in the lists the person can see, by due date (undated last) then
 * position. Reads label rows only when the query names labels.
 */
export async function runFilter(query: FilterQuery, today: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const status = query.status ?? 'open';
  const states = status === 'all' ? [STATE.open, STATE.done] : [status === 'done' ? STATE.done : STATE.open];
  const [identity, lists, rows, labelRows, labels] = await Promise.all([
    readIdentity(db),
    db.lists.toArray(),
    // one getAll, then a plain loop: a cursor with a filter visits the rows one request at a time
    db.tasks.toArray(),
    query.labels?.length ? db.task_labels.where('label_id').anyOf(query.labels).toArray() : [],
    query.labels?.length ? db.labels.bulkGet(query.labels) : [],
  ]);
  const liveLists = new Set(lists.filter((l) => !l.deleted_at).map((l) => l.id));
  const liveLabels = new Set(labels.flatMap((l) => (l && !l.deleted_at ? [l.id] : [])));
  const onTask = new Map<string, string[]>();
  for (const r of labelRows) {
    if (r.deleted_at || !liveLabels.has(r.label_id)) continue;
    const ids = onTask.get(r.task_id);
    if (ids) ids.push(r.label_id);
    else onTask.set(r.task_id, [r.label_id]);
  }
  const keep = filterPredicate(query, { today, me: identity?.userId ?? '', labelsOf: (id) => onTask.get(id) ?? [] });
  const out = rows.filter((t) => states.includes(t.state as 0 | 1) && liveLists.has(t.list_id) && keep(t));
  out.sort((a, b) => (a.due_date ?? '9999').localeCompare(b.due_date ?? '9999') || a.position.localeCompare(b.position));
  return out.map(toTask);
}

export async function filterTasks(filter: SavedFilter, today: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const query = queryOf(filter);
  return query ? runFilter(query, today, db) : [];
}
