// Shared mutation cases: reminders (SPEC §11.4) — reminder.set/clear/snooze. A reminder is the
// acting person's own: anyone who can see the task may set one (viewers too), nobody else's
// changes; set needs a due date; a cleared reminder stays as a row (offset null) so the clear
// syncs; snoozing a reminder cleared meanwhile is an applied no-op. A task's move carries its
// reminders into the new list.
import type { CaseReminder, CaseTask, MutationCase } from '../mutation-case';
import { BOB_EDITS, BOB_VIEWS, BOBS, HOME, WORK } from './fixtures';

const TASK: CaseTask = { id: 'T1', list: 'L1', title: 'Dentist', due_date: '2026-12-04', due_time: '09:30' };
const UNDATED: CaseTask = { id: 'T1', list: 'L1', title: 'Call mum' };
const ALICE15: CaseReminder = { task: 'T1', user: 'alice', offset_minutes: 15 };
const SNOOZED: CaseReminder = { ...ALICE15, snoozed_until: '2026-12-04T09:25:00.000Z', snoozed_occurrence: '2026-12-04' };
const snooze = (until = '2026-12-04T09:30:00.000Z', occurrence = '2026-12-04') => ({ task_id: 'T1', occurrence, until });

const set: MutationCase[] = [
  {
    title: 'reminder.set on a dated task makes the person’s reminder in the task’s list',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 15 },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 15, snoozed_until: null, list: 'L1' } } } },
  },
  {
    title: 'reminder.set "At the due time" (0) and "1 day before" (1440) are accepted',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    first: [{ name: 'reminder.set', args: { task_id: 'T1', offset_minutes: 0 } }],
    args: { task_id: 'T1', offset_minutes: 1440 },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 1440 } } } },
  },
  {
    title: 'reminder.set on a task with no due date is invalid (Set a date before adding a reminder)',
    name: 'reminder.set', before: { lists: [HOME], tasks: [UNDATED] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 15 },
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.set with an offset outside the six is invalid',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 7 },
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.set with an offset that is not a number is invalid',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: '15' },
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.set by a viewer is applied: the reminder is their own',
    name: 'reminder.set', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK] }, as: 'bob',
    args: { task_id: 'T1', offset_minutes: 60 },
    expect: { after: { reminders: { 'T1/bob': { offset_minutes: 60, list: 'L1' } } } },
  },
  {
    title: 'reminder.set by an editor leaves the owner’s reminder on the same task as it was',
    name: 'reminder.set', before: { lists: [HOME], members: [BOB_EDITS], tasks: [TASK], reminders: [ALICE15] }, as: 'bob',
    args: { task_id: 'T1', offset_minutes: 5 },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 15 }, 'T1/bob': { offset_minutes: 5 } } } },
  },
  {
    title: 'reminder.set by someone not on the list is not_found',
    name: 'reminder.set', before: { lists: [HOME, BOBS], tasks: [TASK] }, as: 'bob',
    args: { task_id: 'T1', offset_minutes: 15 },
    expect: { refused: 'not_found' },
  },
  {
    title: 'reminder.set on a task that never existed is not_found',
    name: 'reminder.set', before: { lists: [HOME] }, as: 'alice',
    args: { task_id: 'T9', offset_minutes: 15 },
    expect: { refused: 'not_found' },
  },
  {
    title: 'reminder.set on a deleted task is refused as deleted',
    name: 'reminder.set', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 15 },
    expect: { refused: 'deleted' },
  },
  {
    title: 'reminder.set with a new time ends the snooze',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK], reminders: [SNOOZED] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 30 },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 30, snoozed_until: null, snoozed_occurrence: null } } } },
  },
  {
    title: 'reminder.set after a clear sets it again',
    name: 'reminder.set', before: { lists: [HOME], tasks: [TASK], reminders: [{ ...ALICE15, offset_minutes: null }] }, as: 'alice',
    args: { task_id: 'T1', offset_minutes: 5 },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 5 } } } },
  },
];

const clear: MutationCase[] = [
  {
    title: 'reminder.clear keeps the row with no offset, so the clear syncs',
    name: 'reminder.clear', before: { lists: [HOME], tasks: [TASK], reminders: [SNOOZED] }, as: 'alice',
    args: { task_id: 'T1' },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: null, snoozed_until: null, list: 'L1' } } } },
  },
  {
    title: 'reminder.clear with nothing set is an applied no-op',
    name: 'reminder.clear', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: { task_id: 'T1' },
    expect: { after: { reminders: { 'T1/alice': 'absent' } } },
  },
  {
    title: 'reminder.clear by a viewer clears their own and leaves the owner’s',
    name: 'reminder.clear', before: { lists: [HOME], members: [BOB_VIEWS], tasks: [TASK], reminders: [ALICE15, { ...ALICE15, user: 'bob', offset_minutes: 60 }] }, as: 'bob',
    args: { task_id: 'T1' },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 15 }, 'T1/bob': { offset_minutes: null } } } },
  },
  {
    title: 'reminder.clear on a deleted task is applied (a clear is always safe)',
    name: 'reminder.clear', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], reminders: [ALICE15] }, as: 'alice',
    args: { task_id: 'T1' },
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: null } } } },
  },
  {
    title: 'reminder.clear by someone not on the list is not_found',
    name: 'reminder.clear', before: { lists: [HOME, BOBS], tasks: [TASK], reminders: [ALICE15] }, as: 'bob',
    args: { task_id: 'T1' },
    expect: { refused: 'not_found' },
  },
];

const snoozeCases: MutationCase[] = [
  {
    title: 'reminder.snooze puts the occurrence’s reminder off until the time given',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: snooze(),
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: 15, snoozed_until: '2026-12-04T09:30:00.000Z', snoozed_occurrence: '2026-12-04' } } } },
  },
  {
    title: 'reminder.snooze with a zone offset keeps the same instant',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: snooze('2026-12-04T10:30:00+01:00'),
    expect: { after: { reminders: { 'T1/alice': { snoozed_until: '2026-12-04T09:30:00.000Z' } } } },
  },
  {
    title: 'reminder.snooze again replaces the first snooze',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [SNOOZED] }, as: 'alice',
    args: snooze('2026-12-04T09:40:00Z'),
    expect: { after: { reminders: { 'T1/alice': { snoozed_until: '2026-12-04T09:40:00.000Z', snoozed_occurrence: '2026-12-04' } } } },
  },
  {
    title: 'reminder.snooze of a reminder cleared meanwhile is an applied no-op',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [{ ...ALICE15, offset_minutes: null }] }, as: 'alice',
    args: snooze(),
    expect: { after: { reminders: { 'T1/alice': { offset_minutes: null, snoozed_until: null } } } },
  },
  {
    title: 'reminder.snooze with no reminder is an applied no-op',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK] }, as: 'alice',
    args: snooze(),
    expect: { after: { reminders: { 'T1/alice': 'absent' } } },
  },
  {
    title: 'reminder.snooze with an occurrence that is not a date is invalid',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: snooze(undefined, '2026-02-30'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.snooze until a time with no zone is invalid',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: snooze('2026-12-04T09:30:00'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.snooze until words is invalid',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: snooze('in ten minutes'),
    expect: { refused: 'invalid' },
  },
  {
    title: 'reminder.snooze on a deleted task is refused as deleted',
    name: 'reminder.snooze', before: { lists: [HOME], tasks: [{ ...TASK, deleted: true }], reminders: [ALICE15] }, as: 'alice',
    args: snooze(),
    expect: { refused: 'deleted' },
  },
  {
    title: 'reminder.snooze by someone not on the list is not_found',
    name: 'reminder.snooze', before: { lists: [HOME, BOBS], tasks: [TASK], reminders: [ALICE15] }, as: 'bob',
    args: snooze(),
    expect: { refused: 'not_found' },
  },
];

const withTask: MutationCase[] = [
  {
    title: 'task.update moving a task carries its reminder (and its snooze) into the new list',
    name: 'task.update', before: { lists: [HOME, WORK], tasks: [TASK], reminders: [SNOOZED] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { after: { tasks: { T1: { list: 'L2' } }, reminders: { 'T1/alice': { list: 'L2', offset_minutes: 15, snoozed_occurrence: '2026-12-04' } } } },
  },
  {
    title: 'task.update moving a shared task carries every member’s reminder',
    name: 'task.update', before: { lists: [HOME, WORK], members: [BOB_EDITS], tasks: [TASK], reminders: [ALICE15, { ...ALICE15, user: 'bob' }] }, as: 'alice',
    args: { id: 'T1', patch: { list_id: 'L2' } },
    expect: { after: { reminders: { 'T1/alice': { list: 'L2' }, 'T1/bob': { list: 'L2' } } } },
  },
  {
    title: 'task.delete leaves its reminder as it is (the schedule skips deleted tasks)',
    name: 'task.delete', before: { lists: [HOME], tasks: [TASK], reminders: [ALICE15] }, as: 'alice',
    args: { id: 'T1' },
    expect: { after: { tasks: { T1: { deleted: true } }, reminders: { 'T1/alice': { offset_minutes: 15 } } } },
  },
];

export const REMINDER_CASES: MutationCase[] = [...set, ...clear, ...snoozeCases, ...withTask];
