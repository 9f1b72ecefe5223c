// Shared mutation cases: who does what (SPEC §13.2) — the assignee and the turn order on
// task.create and task.update, the turn handed on by task.complete_occurrence (once per
// occurrence) and back by its undo, and a person taken off a list's tasks when they leave or are
// removed. Assignees and turns are people ('alice' | 'bob' | 'carol'); in args 'user:<person>'.
//
// Where the device differs on purpose (`client`): list.leave changes nothing locally (the list
// vanishes from the device at the next pull, its tasks with it).
import type { CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, CAROL_VIEWS, HOME, queued, WORK } from './fixtures';

const SHARED = { lists: [HOME], members: [BOB_EDITS, CAROL_VIEWS] };
const CHORE: CaseTask = { id: 'T1', list: 'L1', title: 'Bins out', due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR', repeat_anchor: '2026-12-04' };
const TURNS: CaseTask = { ...CHORE, assignee: 'alice', turns: ['alice', 'bob', 'carol'] };
const complete = (occurrence: string, next: string | null) => ({ name: 'task.complete_occurrence' as const, args: { id: 'T1', occurrence, next } });

const assigning: MutationCase[] = [
  {
    title: 'task.update by an editor assigns the task to a member (a viewer may be assigned)',
    name: 'task.update', before: { ...SHARED, tasks: [{ id: 'T1', list: 'L1' }] }, as: 'bob',
    args: { id: 'T1', patch: { assignee: 'user:carol' } },
    expect: { after: { tasks: { T1: { assignee: 'carol', turns: null } } } },
  },
  {
    title: 'task.update assignee: null leaves the task to nobody',
    name: 'task.update', before: { ...SHARED, tasks: [{ id: 'T1', list: 'L1', assignee: 'bob' }] }, as: 'alice',
    args: { id: 'T1', patch: { assignee: null } },
    expect: { after: { tasks: { T1: { assignee: null } } } },
  },
  {
    title: 'task.update assigning by a viewer is forbidden',
    name: 'task.update', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [{ id: 'T1', list: 'L1' }] }, as: 'bob',
    args: { id: 'T1', patch: { assignee: 'user:bob' } },
    expect: { refused: 'forbidden' },
  },
  {
    title: 'task.update assigning someone not on the list is invalid',
    name: 'task.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [{ id: 'T1', list: 'L1' }] }, as: 'bob',
    args: { id: 'T1', patch: { assignee: 'user:carol' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update assigning someone removed from the list is invalid',
    name: 'task.update', before: { lists: [HOME], members: [BOB_EDITS, { ...CAROL_VIEWS, removed: true }], tasks: [{ id: 'T1', list: 'L1' }] }, as: 'alice',
    args: { id: 'T1', patch: { assignee: 'user:carol' } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.create with an assignee on the list stores it',
    name: 'task.create', before: SHARED, as: 'bob',
    args: { id: 'T1', list_id: 'L1', title: 'Mow the lawn', position: 'a0', assignee: 'user:alice' },
    expect: { after: { tasks: { T1: { title: 'Mow the lawn', assignee: 'alice', turns: null } } } },
  },
  {
    title: 'task.create with an assignee not on the list is invalid',
    name: 'task.create', before: { lists: [HOME], members: [BOB_EDITS] }, as: 'alice',
    args: { id: 'T1', list_id: 'L1', title: 'Mow the lawn', position: 'a0', assignee: 'user:carol' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update moving a task keeps its assignee only if they are on the new list',
    name: 'task.update', before: { lists: [HOME, WORK], members: [BOB_EDITS, { list: 'L2', user: 'carol', role: 'editor' }, { list: 'L2', user: 'bob', role: 'viewer' }],
      tasks: [{ ...CHORE, assignee: 'bob', turns: ['bob', 'alice'] }] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { after: { tasks: { T1: { list: 'L2', assignee: 'bob', turns: ['bob', 'alice'] } } } },
  },
  {
    title: 'task.update moving a task to a list its assignee is not on leaves it to nobody',
    name: 'task.update', before: { lists: [HOME, WORK], members: [BOB_EDITS], tasks: [{ ...CHORE, assignee: 'bob', turns: ['bob', 'alice'] }] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { after: { tasks: { T1: { list: 'L2', assignee: null, turns: ['alice'] } } } },
  },
];

const turns: MutationCase[] = [
  {
    title: 'task.update turns hands a task with nobody on it to the first in the order',
    name: 'task.update', before: { ...SHARED, tasks: [CHORE] }, as: 'bob',
    args: { id: 'T1', patch: { turns: ['user:bob', 'user:carol'] } },
    expect: { after: { tasks: { T1: { assignee: 'bob', turns: ['bob', 'carol'] } } } },
  },
  {
    title: 'task.update turns keeps an assignee who is in the order',
    name: 'task.update', before: { ...SHARED, tasks: [{ ...CHORE, assignee: 'carol' }] }, as: 'alice',
    args: { id: 'T1', patch: { turns: ['user:bob', 'user:carol'] } },
    expect: { after: { tasks: { T1: { assignee: 'carol', turns: ['bob', 'carol'] } } } },
  },
  {
    title: 'task.update turns: null stops taking turns and keeps the assignee',
    name: 'task.update', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    args: { id: 'T1', patch: { turns: null } },
    expect: { after: { tasks: { T1: { assignee: 'alice', turns: null } } } },
  },
  {
    title: 'task.update turns naming someone not on the list is invalid',
    name: 'task.update', before: { lists: [HOME], members: [BOB_EDITS], tasks: [CHORE] }, as: 'alice',
    args: { id: 'T1', patch: { turns: ['user:alice', 'user:carol'] } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update turns naming a person twice is invalid',
    name: 'task.update', before: { ...SHARED, tasks: [CHORE] }, as: 'alice',
    args: { id: 'T1', patch: { turns: ['user:bob', 'user:bob'] } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.update turns: [] is invalid',
    name: 'task.update', before: { ...SHARED, tasks: [CHORE] }, as: 'alice',
    args: { id: 'T1', patch: { turns: [] } },
    expect: { refused: 'invalid' },
  },
  {
    title: 'task.complete_occurrence of a task taking turns hands it to the next person',
    name: 'task.complete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'bob',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', assignee: 'bob', turns: ['alice', 'bob', 'carol'] } } } },
  },
  {
    title: 'task.complete_occurrence of the same occurrence twice moves the turn once',
    name: 'task.complete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    first: [complete('2026-12-04', '2026-12-11')],
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', assignee: 'bob' } } } },
  },
  {
    title: 'task.complete_occurrence of two occurrences moves the turn twice, round the order',
    name: 'task.complete_occurrence', before: { ...SHARED, tasks: [{ ...TURNS, assignee: 'bob' }] }, as: 'alice',
    first: [complete('2026-12-04', '2026-12-11')],
    args: complete('2026-12-11', '2026-12-18').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-18', assignee: 'alice' } } } },
  },
  {
    title: 'task.complete_occurrence with no next occurrence completes it and keeps whose turn it was',
    name: 'task.complete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    args: complete('2026-12-04', null).args,
    expect: { after: { tasks: { T1: { done: true, assignee: 'alice' } } } },
  },
  {
    title: 'task.complete_occurrence of a task assigned without turns keeps its assignee',
    name: 'task.complete_occurrence', before: { ...SHARED, tasks: [{ ...CHORE, assignee: 'carol' }] }, as: 'alice',
    args: complete('2026-12-04', '2026-12-11').args,
    expect: { after: { tasks: { T1: { due_date: '2026-12-11', assignee: 'carol' } } } },
  },
  {
    title: 'task.uncomplete_occurrence after its completion hands the turn back',
    name: 'task.uncomplete_occurrence', before: { ...SHARED, tasks: [TURNS] }, as: 'alice',
    first: [{ name: 'task.complete_occurrence', args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11', completion: '8f9a3c1e-0000-4000-8000-000000000001' } }],
    args: { id: 'T1', occurrence: '2026-12-04', next: '2026-12-11', completion: '8f9a3c1e-0000-4000-8000-000000000001' },
    expect: { after: { tasks: { T1: { due_date: '2026-12-04', assignee: 'alice' } } } },
  },
];

const leaving: MutationCase[] = [
  {
    title: 'member.remove takes the person off the list’s tasks: assignments and turn orders',
    name: 'member.remove',
    before: { ...SHARED, tasks: [{ ...TURNS, assignee: 'bob' }, { id: 'T2', list: 'L1', assignee: 'bob' }, { id: 'T3', list: 'L1', assignee: 'carol' }] },
    as: 'alice',
    args: { list_id: 'L1', user_id: 'user:bob' },
    expect: {
      after: {
        members: { 'L1/bob': 'absent' },
        tasks: { T1: { assignee: null, turns: ['alice', 'carol'] }, T2: { assignee: null }, T3: { assignee: 'carol' } },
      },
    },
  },
  {
    title: 'member.remove of the last person taking turns ends the taking turns',
    name: 'member.remove', before: { ...SHARED, tasks: [{ ...CHORE, assignee: 'carol', turns: ['carol'] }] }, as: 'alice',
    args: { list_id: 'L1', user_id: 'user:carol' },
    expect: { after: { tasks: { T1: { assignee: null, turns: null } } } },
  },
  {
    title: 'list.leave takes the person who leaves off the list’s tasks',
    name: 'list.leave',
    before: { ...SHARED, tasks: [{ ...TURNS, assignee: 'carol' }, { id: 'T2', list: 'L1', assignee: 'bob', deleted: true }] },
    as: 'carol',
    args: { list_id: 'L1' },
    expect: { after: { members: { 'L1/carol': 'absent' }, tasks: { T1: { assignee: null, turns: ['alice', 'bob'] }, T2: { assignee: 'bob' } } } },
    client: {
      expect: { after: { ...queued({ 'L1/carol': 'viewer' }), tasks: { T1: { assignee: 'carol', turns: ['alice', 'bob', 'carol'] } } } },
      why: 'the device changes nothing locally for list.leave: the list and its tasks vanish from it at the next pull',
    },
  },
];

export const ASSIGNEE_CASES: MutationCase[] = [...assigning, ...turns, ...leaving];
