// Saved filters (SPEC §14.2): the person's filters, and what one shows — run here, on the device's
// own rows, so it is live and works offline. The predicate is src/domain/filters.ts.
import { checkFilterQuery, type FilterQuery } from '@/domain/filters';
import type { SavedFilter, Task } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { readIdentity } from '../db/identity';
import { heldValue, hold, holdMark } from '../live/holders';
import { FilterResult } from './result';

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
 * position. Reads label rows only when the query names labels. Inside a live query the result is
 * kept and patched from this tab's writes (./result.ts), so a write does not re-read every task.
 */
export async function runFilter(query: FilterQuery, today: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const key = `filter|${today}|${JSON.stringify(query)}`;
  const held = heldValue<FilterResult>(db, key);
  if (held) return held.tasks();
  const mark = holdMark(db);
  const labelled = Boolean(query.labels?.length);
  // one transaction: the rows agree with each other, and with the mark
  const [identity, lists, tasks, taskLabels, labels] = await db.transaction('r', [db.meta, db.lists, db.tasks, db.task_labels, db.labels], () =>
    Promise.all([
      readIdentity(db),
      db.lists.toArray(),
      db.tasks.toArray(),
      labelled ? db.task_labels.where('label_id').anyOf(query.labels ?? []).toArray() : [],
      labelled ? db.labels.bulkGet(query.labels ?? []) : [],
    ]),
  );
  const result = new FilterResult(query, today, { me: identity?.userId ?? '', lists, tasks, taskLabels, labels });
  hold(db, key, result, mark);
  return result.tasks();
}

export async function filterTasks(filter: SavedFilter, today: string, db: DaybookDb = getDb()): Promise<Task[]> {
  const query = queryOf(filter);
  return query ? runFilter(query, today, db) : [];
}
