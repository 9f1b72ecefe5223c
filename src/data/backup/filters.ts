// Saved filters in export and import (SPEC §14.2, §15 "Imports never vanish"). A file carries the
// person's live filters ({id, name, query}). An imported filter is made with a new id, its query's
// list and label ids mapped to the ids the import gave those records; ids the file did not bring
// are dropped, and a filter whose lists or labels were all left behind is skipped rather than
// widened to every list or label. One already here with the same name and query is not made
// again. The limit is counted here: a write refused inside the import's transaction would abort
// all of it.
import { ValidationError } from '@/lib/errors';
import { isObject } from '@/lib/is-object';
import { checkFilterQuery, FILTER_LIMITS, FILTER_MESSAGES, type FilterQuery, normalizeFilterName } from '@/domain/filters';
import type { DaybookDb } from '../db/schema';
import { filters as filterWrites } from '../write/filters';
import type { ImportReport } from './index';
import { ALREADY_HERE } from './import-ids';

export interface BackupFilter {
  id: string;
  name: string;
  query: Record<string, unknown>;
}

export async function exportFilters(db: DaybookDb): Promise<BackupFilter[]> {
  return (await db.filters.toArray()).flatMap((f) => (f.deleted_at ? [] : [{ id: f.id, name: f.name, query: f.query }]));
}

/** The query with its ids mapped; throws when every id of a field it names was left behind. */
function mapQuery(query: FilterQuery, listIds: ReadonlyMap<string, string>, labelIds: ReadonlyMap<string, string>): FilterQuery {
  const mapped: FilterQuery = { ...query };
  const map = (ids: string[], to: ReadonlyMap<string, string>, what: string) => {
    const out = [...new Set(ids.flatMap((id) => (to.has(id) ? [to.get(id) as string] : [])))];
    if (!out.length) throw new ValidationError('query', `Its ${what} were not imported`);
    return out;
  };
  if (query.lists?.length) mapped.lists = map(query.lists, listIds, 'lists');
  if (query.labels?.length) mapped.labels = map(query.labels, labelIds, 'labels');
  return mapped;
}

/** Both as checkFilterQuery writes them (its fields in one order), so key order does not tell them apart. */
function sameQuery(stored: unknown, query: FilterQuery): boolean {
  try {
    return JSON.stringify(checkFilterQuery(stored)) === JSON.stringify(checkFilterQuery(query));
  } catch {
    return false;
  }
}

export async function importFilters(
  db: DaybookDb,
  fileFilters: unknown[],
  listIds: ReadonlyMap<string, string>,
  labelIds: ReadonlyMap<string, string>,
  report: ImportReport,
): Promise<void> {
  const live = (await db.filters.toArray()).filter((f) => !f.deleted_at);
  let count = live.length;
  for (const [index, raw] of fileFilters.entries()) {
    try {
      if (!isObject(raw)) throw new ValidationError('filter', 'Not a filter record');
      const name = normalizeFilterName(raw.name);
      const query = mapQuery(checkFilterQuery(raw.query), listIds, labelIds);
      if (live.some((f) => f.name === name && sameQuery(f.query, query))) throw new ValidationError('id', ALREADY_HERE);
      if (count >= FILTER_LIMITS.perPerson) throw new ValidationError('id', FILTER_MESSAGES.tooMany);
      live.push(await filterWrites.create(name, query, db));
      count++;
      report.imported.filters = (report.imported.filters ?? 0) + 1;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      report.skipped.push({ index, kind: 'filter', reason: err.message });
    }
  }
}
