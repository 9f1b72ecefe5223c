// Shared mutation cases: saved filters (SPEC §14.2) — filter.create/update/delete. A filter is its
// owner's alone: anyone else's is not_found. At most 100 live filters a person; a delete keeps the
// row so it syncs. The query's fields are the client's to check in full; both sides refuse a
// query that is not an object of the known fields.
import type { CaseFilter, MutationCase } from '../mutation-case';

const MINE: CaseFilter = { id: 'F1', user: 'alice', name: 'Urgent', query: { priority_at_least: 3 } };
const BOBS: CaseFilter = { id: 'F2', user: 'bob', name: 'Later', query: {} };
const many = (n: number, from = 100): CaseFilter[] => Array.from({ length: n }, (_, i) => ({ id: `F${from + i}`, user: 'alice', name: `F${i}` }));

export const FILTER_CASES: MutationCase[] = [
  {
    title: 'filter.create saves the person’s filter with its query, its name trimmed',
    name: 'filter.create', before: {}, as: 'alice',
    args: { id: 'F1', name: ' This week ', query: { due: 'next7', status: 'open' } },
    expect: { after: { filters: { F1: { name: 'This week', query: { due: 'next7', status: 'open' }, deleted: false } } } },
  },
  {
    title: 'filter.create with a blank name is invalid',
    name: 'filter.create', before: {}, as: 'alice',
    args: { id: 'F1', name: ' ', query: {} },
    expect: { refused: 'invalid' },
  },
  {
    title: 'filter.create with a query of an unknown field is invalid',
    name: 'filter.create', before: {}, as: 'alice',
    args: { id: 'F1', name: 'Odd', query: { colour: 'red' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'filter.create with a query that is not an object is invalid',
    name: 'filter.create', before: {}, as: 'alice',
    args: { id: 'F1', name: 'Odd', query: ['due'] },
    expect: { refused: 'invalid' },
  },
  {
    title: 'filter.create past 100 live filters is invalid',
    name: 'filter.create', before: { filters: many(100) }, as: 'alice',
    args: { id: 'F1', name: 'One more', query: {} },
    expect: { refused: 'invalid' },
  },
  {
    title: 'filter.create at 100 filters with one of them deleted is applied',
    name: 'filter.create', before: { filters: [...many(99), { id: 'F99', user: 'alice', name: 'Old', deleted: true }] }, as: 'alice',
    args: { id: 'F1', name: 'One more', query: {} },
    expect: { after: { filters: { F1: { name: 'One more' } } } },
  },
  {
    title: 'filter.update renames the filter and replaces its query',
    name: 'filter.update', before: { filters: [MINE] }, as: 'alice',
    args: { id: 'F1', patch: { name: 'Now', query: { due: 'today' } } },
    expect: { after: { filters: { F1: { name: 'Now', query: { due: 'today' } } } } },
  },
  {
    title: 'filter.update of someone else’s filter is not_found',
    name: 'filter.update', before: { filters: [BOBS] }, as: 'alice',
    args: { id: 'F2', patch: { name: 'Mine now' } },
    expect: { refused: 'not_found' },
  },
  {
    title: 'filter.update of a deleted filter is refused as deleted',
    name: 'filter.update', before: { filters: [{ ...MINE, deleted: true }] }, as: 'alice',
    args: { id: 'F1', patch: { name: 'Back' } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'filter.delete tombstones the filter',
    name: 'filter.delete', before: { filters: [MINE] }, as: 'alice',
    args: { id: 'F1' },
    expect: { after: { filters: { F1: { deleted: true } } } },
  },
  {
    title: 'filter.delete of a deleted filter is an applied no-op',
    name: 'filter.delete', before: { filters: [{ ...MINE, deleted: true }] }, as: 'alice',
    args: { id: 'F1' },
    expect: { after: { filters: { F1: { deleted: true } } } },
  },
  {
    title: 'filter.delete of someone else’s filter is not_found',
    name: 'filter.delete', before: { filters: [BOBS] }, as: 'alice',
    args: { id: 'F2' },
    expect: { refused: 'not_found' },
  },
];
