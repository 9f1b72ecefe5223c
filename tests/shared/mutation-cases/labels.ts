// Shared mutation cases: labels (SPEC §14.1) — label.create/update/delete and task_label.add/remove.
// A label is its owner's alone: anyone else's is not_found, as if it did not exist. A label on a
// task is the acting person's own per-person record in the task's list (viewers too); one row per
// label; a removal keeps the row so it syncs. At most 500 live labels a person, 20 on a task.
import type { CaseLabel, CaseTask, CaseTaskLabel, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, HOME, WORK } from './fixtures';

const TASK: CaseTask = { id: 'T1', list: 'L1', title: 'Plan the trip' };
const ERRANDS: CaseLabel = { id: 'B1', user: 'alice', name: 'Errands', color: 'teal' };
const PHONE: CaseLabel = { id: 'B2', user: 'alice', name: 'Phone', color: 'red' };
const BOBS_LABEL: CaseLabel = { id: 'B3', user: 'bob', name: 'Later', color: 'blue' };
const ON: CaseTaskLabel = { task: 'T1', label: 'B1' };
const add = (label = 'B1', task = 'T1') => ({ task_id: task, label_id: label });

/** `n` of alice's labels, B100… (distinct names). */
const many = (n: number, from = 100): CaseLabel[] => Array.from({ length: n }, (_, i) => ({ id: `B${from + i}`, user: 'alice', name: `L${i}` }));

const create: MutationCase[] = [
  {
    title: 'label.create makes the person’s label, its name trimmed',
    name: 'label.create', before: {}, as: 'alice',
    args: { id: 'B1', name: '  Errands ', color: 'teal' },
    expect: { after: { labels: { B1: { name: 'Errands', color: 'teal', deleted: false } } } },
  },
  {
    title: 'label.create with a 60-character name is applied',
    name: 'label.create', before: {}, as: 'alice',
    args: { id: 'B1', name: 'x'.repeat(60), color: 'grey' },
    expect: { after: { labels: { B1: { name: 'x'.repeat(60) } } } },
  },
  {
    title: 'label.create with a 61-character name is invalid',
    name: 'label.create', before: {}, as: 'alice',
    args: { id: 'B1', name: 'x'.repeat(61), color: 'grey' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'label.create with a blank name is invalid',
    name: 'label.create', before: {}, as: 'alice',
    args: { id: 'B1', name: '   ', color: 'grey' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'label.create with a colour outside the eight is invalid',
    name: 'label.create', before: {}, as: 'alice',
    args: { id: 'B1', name: 'Errands', color: 'pink' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'label.create with an id the person already uses is invalid',
    name: 'label.create', before: { labels: [ERRANDS] }, as: 'alice',
    args: { id: 'B1', name: 'Again', color: 'grey' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'label.create past 500 live labels is invalid',
    name: 'label.create', before: { labels: many(500) }, as: 'alice',
    args: { id: 'B1', name: 'One more', color: 'grey' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'label.create at 500 labels with one of them deleted is applied',
    name: 'label.create', before: { labels: [...many(499), { id: 'B99', user: 'alice', name: 'Old', deleted: true }] }, as: 'alice',
    args: { id: 'B1', name: 'One more', color: 'grey' },
    expect: { after: { labels: { B1: { name: 'One more' } } } },
  },
];

const update: MutationCase[] = [
  {
    title: 'label.update renames the label',
    name: 'label.update', before: { labels: [ERRANDS] }, as: 'alice',
    args: { id: 'B1', patch: { name: 'Shops' } },
    expect: { after: { labels: { B1: { name: 'Shops', color: 'teal' } } } },
  },
  {
    title: 'label.update changes the colour only',
    name: 'label.update', before: { labels: [ERRANDS] }, as: 'alice',
    args: { id: 'B1', patch: { color: 'purple' } },
    expect: { after: { labels: { B1: { name: 'Errands', color: 'purple' } } } },
  },
  {
    title: 'label.update of someone else’s label is not_found',
    name: 'label.update', before: { labels: [BOBS_LABEL] }, as: 'alice',
    args: { id: 'B3', patch: { name: 'Mine now' } },
    expect: { refused: 'not_found' },
  },
  {
    title: 'label.update of a deleted label is refused as deleted',
    name: 'label.update', before: { labels: [{ ...ERRANDS, deleted: true }] }, as: 'alice',
    args: { id: 'B1', patch: { name: 'Shops' } },
    expect: { refused: 'deleted' },
  },
  {
    title: 'label.update to a blank name is invalid',
    name: 'label.update', before: { labels: [ERRANDS] }, as: 'alice',
    args: { id: 'B1', patch: { name: '' } },
    expect: { refused: 'invalid' },
  },
];

const del: MutationCase[] = [
  {
    title: 'label.delete tombstones the label and leaves its rows on tasks',
    name: 'label.delete', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS], task_labels: [ON] }, as: 'alice',
    args: { id: 'B1' },
    expect: { after: { labels: { B1: { deleted: true } }, task_labels: { 'T1/B1': { removed: false } } } },
  },
  {
    title: 'label.delete of a deleted label is an applied no-op',
    name: 'label.delete', before: { labels: [{ ...ERRANDS, deleted: true }] }, as: 'alice',
    args: { id: 'B1' },
    expect: { after: { labels: { B1: { deleted: true } } } },
  },
  {
    title: 'label.delete of someone else’s label is not_found and leaves it',
    name: 'label.delete', before: { labels: [BOBS_LABEL] }, as: 'alice',
    args: { id: 'B3' },
    expect: { refused: 'not_found' },
  },
];

const adds: MutationCase[] = [
  {
    title: 'task_label.add puts the person’s label on the task, in the task’s list',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: false, list: 'L1' } } } },
  },
  {
    title: 'task_label.add of a second label keeps the first (one row per label)',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS, PHONE], task_labels: [ON] }, as: 'alice',
    args: add('B2'),
    expect: { after: { task_labels: { 'T1/B1': { removed: false }, 'T1/B2': { removed: false } } } },
  },
  {
    title: 'task_label.add by a viewer is applied: the label is their own',
    name: 'task_label.add', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], labels: [ERRANDS, BOBS_LABEL], task_labels: [ON] }, as: 'bob',
    args: add('B3'),
    expect: { after: { task_labels: { 'T1/B3': { removed: false, list: 'L1' }, 'T1/B1': { removed: false } } } },
  },
  {
    title: 'task_label.add of what is on already is an applied no-op',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS], task_labels: [ON] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: false } } } },
  },
  {
    title: 'task_label.add of a label taken off puts it back on',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS], task_labels: [{ ...ON, removed: true }] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: false } } } },
  },
  {
    title: 'task_label.add with someone else’s label is not_found',
    name: 'task_label.add', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], labels: [ERRANDS] }, as: 'bob',
    args: add('B1'),
    expect: { refused: 'not_found' },
  },
  {
    title: 'task_label.add on a task of a list the person is not on is not_found',
    name: 'task_label.add', before: { lists: [HOME, BOBS], tasks: [TASK], labels: [BOBS_LABEL] }, as: 'bob',
    args: add('B3'),
    expect: { refused: 'not_found' },
  },
  {
    title: 'task_label.add on a deleted task is refused as deleted',
    name: 'task_label.add', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], labels: [ERRANDS] }, as: 'alice',
    args: add(),
    expect: { refused: 'deleted' },
  },
  {
    title: 'task_label.add of a deleted label is refused as deleted',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [{ ...ERRANDS, deleted: true }] }, as: 'alice',
    args: add(),
    expect: { refused: 'deleted' },
  },
  {
    title: 'task_label.add of a 21st label on a task is invalid',
    name: 'task_label.add', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS, ...many(20)], task_labels: many(20).map((l) => ({ task: 'T1', label: l.id })) }, as: 'alice',
    args: add(),
    expect: { refused: 'invalid' },
  },
  {
    title: 'task_label.add at 20 labels on a task, one of them deleted, is applied',
    name: 'task_label.add',
    before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS, ...many(19), { id: 'B99', user: 'alice', name: 'Gone', deleted: true }], task_labels: [...many(19), { id: 'B99' }].map((l) => ({ task: 'T1', label: l.id })) },
    as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: false } } } },
  },
];

const removes: MutationCase[] = [
  {
    title: 'task_label.remove takes the label off and keeps the row, so the removal syncs',
    name: 'task_label.remove', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS, PHONE], task_labels: [ON, { task: 'T1', label: 'B2' }] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: true }, 'T1/B2': { removed: false } } } },
  },
  {
    title: 'task_label.remove of what is not on is an applied no-op',
    name: 'task_label.remove', before: { lists: [HOME], tasks: [TASK], labels: [ERRANDS] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': 'absent' } } },
  },
  {
    title: 'task_label.remove on a deleted task is applied',
    name: 'task_label.remove', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], labels: [ERRANDS], task_labels: [ON] }, as: 'alice',
    args: add(),
    expect: { after: { task_labels: { 'T1/B1': { removed: true } } } },
  },
  {
    title: 'task_label.remove on a task of a list the person is not on is not_found',
    name: 'task_label.remove', before: { lists: [HOME, BOBS], tasks: [TASK], labels: [BOBS_LABEL] }, as: 'bob',
    args: add('B3'),
    expect: { refused: 'not_found' },
  },
  {
    title: 'a task’s move carries its labels into the new list',
    name: 'task.update', before: { lists: [HOME, WORK], tasks: [TASK], labels: [ERRANDS], task_labels: [ON] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2', position: 'a5' } },
    expect: { after: { tasks: { T1: { list: 'L2' } }, task_labels: { 'T1/B1': { list: 'L2', removed: false } } } },
  },
];

export const LABEL_CASES: MutationCase[] = [...create, ...update, ...del, ...adds, ...removes];
