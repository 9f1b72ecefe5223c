// filter.create · filter.update · filter.delete, as pure applies (SPEC §14.2). A filter is the
// acting person's own: a device holds only its user's, so one it does not hold is `not_found`, as
// the server answers for anyone else's. A delete keeps the row (deleted_at) so it syncs.
import { checkFilterQuery, FILTER_LIMITS, FILTER_MESSAGES, normalizeFilterName } from '@/domain/filters';
import type { SavedFilter } from '@/domain/model';
import { refuse, valid } from './checks';
import type { MutationDef, Rows } from './types';

const filtersOf = (rows: Rows): ReadonlyMap<string, SavedFilter> => rows.filters ?? new Map();

function ownFilter(rows: Rows, id: string): SavedFilter {
  const filter = filtersOf(rows).get(id);
  if (!filter) refuse('not_found', FILTER_MESSAGES.missing, 'id');
  return filter;
}

export const filterCreate: MutationDef<'filter.create'> = {
  reads: () => ({ allFilters: true }),
  apply(rows, args, { now }) {
    if (filtersOf(rows).has(args.id)) refuse('invalid', FILTER_MESSAGES.idTaken, 'id');
    let live = 0;
    for (const f of filtersOf(rows).values()) if (!f.deleted_at) live++;
    if (live >= FILTER_LIMITS.perPerson) refuse('invalid', FILTER_MESSAGES.tooMany, 'id');
    const name = valid(() => normalizeFilterName(args.name));
    const query = valid(() => checkFilterQuery(args.query)) as Record<string, unknown>;
    return { filters: [{ id: args.id, name, query, created_at: now, updated_at: now, deleted_at: null, version: 0 }] };
  },
};

export const filterUpdate: MutationDef<'filter.update'> = {
  reads: (args) => ({ filters: [args.id] }),
  apply(rows, { id, patch }, { now }) {
    const filter = ownFilter(rows, id);
    if (filter.deleted_at) refuse('deleted', FILTER_MESSAGES.deleted, 'id');
    if (!patch || typeof patch !== 'object' || Array.isArray(patch)) refuse('invalid', 'patch must be an object', 'patch');
    const next = { ...filter, updated_at: now };
    if ('name' in patch) next.name = valid(() => normalizeFilterName(patch.name));
    if ('query' in patch) next.query = valid(() => checkFilterQuery(patch.query)) as Record<string, unknown>;
    return { filters: [next] };
  },
};

/** Deleting twice is harmless. */
export const filterDelete: MutationDef<'filter.delete'> = {
  reads: (args) => ({ filters: [args.id] }),
  apply(rows, { id }, { now }) {
    const filter = ownFilter(rows, id);
    if (filter.deleted_at) return {};
    return { filters: [{ ...filter, deleted_at: now, updated_at: now }] };
  },
};
