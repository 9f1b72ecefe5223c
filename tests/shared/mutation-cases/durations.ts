// Shared mutation cases: task.update's duration_min (SPEC §18) — whole minutes from 15 to 480,
// only on a timed task; clearing the time or the date clears it.
import type { CaseTask, MutationCase } from '../mutation-case';
import { BOB_VIEWS, HOME } from './fixtures';

const TIMED: CaseTask = { id: 'T1', list: 'L1', title: 'Dentist', due_date: '2026-12-01', due_time: '10:00' };
const LONG: CaseTask = { ...TIMED, duration_min: 90 };
const update = (title: string, before: CaseTask, patch: Record<string, unknown>, expect: MutationCase['expect']): MutationCase => ({
  title,
  name: 'task.update',
  before: { lists: [HOME], tasks: [before] },
  as: 'alice',
  args: { id: 'T1', patch },
  expect,
});

export const DURATION_CASES: MutationCase[] = [
  update('task.update duration_min sets a timed task\'s duration', TIMED, { duration_min: 45 }, { after: { tasks: { T1: { duration_min: 45, due_time: '10:00' } } } }),
  update('task.update duration_min of 15 minutes is the shortest', TIMED, { duration_min: 15 }, { after: { tasks: { T1: { duration_min: 15 } } } }),
  update('task.update duration_min of 8 hours is the longest', TIMED, { duration_min: 480 }, { after: { tasks: { T1: { duration_min: 480 } } } }),
  update('task.update duration_min: null clears it', LONG, { duration_min: null }, { after: { tasks: { T1: { duration_min: null, due_time: '10:00' } } } }),
  update('task.update duration_min under 15 minutes is invalid', TIMED, { duration_min: 10 }, { refused: 'invalid' }),
  update('task.update duration_min over 8 hours is invalid', TIMED, { duration_min: 495 }, { refused: 'invalid' }),
  update('task.update duration_min that is not whole minutes is invalid', TIMED, { duration_min: 30.5 }, { refused: 'invalid' }),
  update('task.update duration_min as text is invalid', TIMED, { duration_min: '45' }, { refused: 'invalid' }),
  update(
    'task.update duration_min on a task without a time is invalid',
    { id: 'T1', list: 'L1', title: 'Any time', due_date: '2026-12-01' },
    { duration_min: 30 },
    { refused: 'invalid' },
  ),
  update('task.update duration_min with the time cleared in the same patch is invalid', LONG, { due_time: null, duration_min: 30 }, { refused: 'invalid' }),
  update('task.update clearing the time clears the duration', LONG, { due_time: null }, { after: { tasks: { T1: { due_time: null, duration_min: null } } } }),
  update('task.update clearing the date clears the time and the duration', LONG, { due_date: null }, { after: { tasks: { T1: { due_date: null, due_time: null, duration_min: null } } } }),
  update('task.update moving the day or the time keeps the duration', LONG, { due_date: '2026-12-03', due_time: '11:15' }, { after: { tasks: { T1: { due_date: '2026-12-03', due_time: '11:15', duration_min: 90 } } } }),
  {
    title: 'task.update duration_min by a viewer is forbidden',
    name: 'task.update',
    before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TIMED] },
    as: 'bob',
    args: { id: 'T1', patch: { duration_min: 30 } },
    expect: { refused: 'forbidden' },
  },
];
