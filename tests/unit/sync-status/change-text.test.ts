import { describe, expect, it } from 'vitest';
import { changeText, describeChange, refusalReason, refusalSentence } from '@/sync-status/change-text';
import type { Mutation } from '@/domain/model';
import { mediumDate } from '@/ui/format';

const subjects = {
  t1: 'Buy milk',
  l1: 'Groceries',
  l2: 'Trip',
  'l1/u2': 'bob@example.com',
  s1: 'Passport',
};
const m = (change: Omit<Mutation, 'id'>) => ({ id: 1, ...change }) as Mutation;

describe('describeChange', () => {
  it.each([
    [m({ name: 'list.create', args: { id: 'l9', name: 'Garden', color: 'green', position: 'a1' } }), 'Create list “Garden”'],
    [m({ name: 'list.update', args: { id: 'l1', patch: { name: 'Food' } } }), 'Rename list “Groceries” to “Food”'],
    [m({ name: 'list.update', args: { id: 'l1', patch: { name: 'Groceries' } } }), 'Rename a list to “Groceries”'],
    [m({ name: 'list.update', args: { id: 'l1', patch: { color: 'red' } } }), 'Change the colour of list “Groceries”'],
    [m({ name: 'list.update', args: { id: 'l1', patch: { position: 'a2' } } }), 'Reorder list “Groceries”'],
    [m({ name: 'list.delete', args: { id: 'l1' } }), 'Delete list “Groceries”'],
    [m({ name: 'list.restore', args: { id: 'l1' } }), 'Restore list “Groceries”'],
    [m({ name: 'task.create', args: { id: 't9', list_id: 'l1', title: 'Eggs', position: 'a0' } }), 'Add task “Eggs”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { title: 'Buy oat milk' } } }), 'Rename task “Buy milk” to “Buy oat milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { notes: 'x' } } }), 'Edit the notes of task “Buy milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { due_date: null, due_time: null } } }), 'Clear the due date of task “Buy milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { due_time: '09:30' } } }), 'Set task “Buy milk” due at 09:30'],
    [m({ name: 'task.update', args: { id: 't1', patch: { priority: 3 } } }), 'Set the priority of task “Buy milk” to high'],
    [m({ name: 'task.update', args: { id: 't1', patch: { done: true } } }), 'Complete task “Buy milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { done: false } } }), 'Reopen task “Buy milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { list_id: 'l2', position: 'a5' } } }), 'Move task “Buy milk” to list “Trip”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { repeat: 'FREQ=DAILY', repeat_anchor: '2026-12-01' } } }), 'Make task “Buy milk” repeat'],
    [m({ name: 'task.update', args: { id: 't1', patch: { repeat: null } } }), 'Stop task “Buy milk” repeating'],
    [m({ name: 'task.complete_occurrence', args: { id: 't1', occurrence: '2030-12-06', next: '2030-12-13' } }), `Complete task “Buy milk” for ${mediumDate('2030-12-06')}`],
    [m({ name: 'task.uncomplete_occurrence', args: { id: 't1', occurrence: '2030-12-06', next: null } }), `Reopen task “Buy milk” for ${mediumDate('2030-12-06')}`],
    [m({ name: 'step.create', args: { id: 's9', task_id: 't1', title: 'Oat', position: 'a0' } }), 'Add step “Oat” to task “Buy milk”'],
    [m({ name: 'step.update', args: { id: 's1', patch: { done: true } } }), 'Tick step “Passport”'],
    [m({ name: 'step.update', args: { id: 's1', patch: { title: 'Visa' } } }), 'Rename step “Passport” to “Visa”'],
    [m({ name: 'step.delete', args: { id: 's2' } }), 'Delete a step'],
    [m({ name: 'step.restore', args: { id: 's1' } }), 'Restore step “Passport”'],
    [m({ name: 'reminder.set', args: { task_id: 't1', offset_minutes: 15 } }), 'Remind me of task “Buy milk” (15 minutes before)'],
    [m({ name: 'reminder.set', args: { task_id: 't1', offset_minutes: 0 } }), 'Remind me of task “Buy milk” (at the due time)'],
    [m({ name: 'reminder.clear', args: { task_id: 't1' } }), 'Remove the reminder on task “Buy milk”'],
    [m({ name: 'reminder.snooze', args: { task_id: 'unknown', occurrence: '2026-12-04', until: '2026-12-04T09:40:00Z' } }), 'Snooze the reminder on a task'],
    [m({ name: 'task.update', args: { id: 't1', patch: { position: 'a5' } } }), 'Reorder task “Buy milk”'],
    [m({ name: 'task.update', args: { id: 't1', patch: { title: 'A', notes: 'B' } } }), 'Edit task “Buy milk”'],
    [m({ name: 'task.delete', args: { id: 't1' } }), 'Delete task “Buy milk”'],
    [m({ name: 'task.delete', args: { id: 'unknown' } }), 'Delete a task'],
    [m({ name: 'task.restore', args: { id: 't1' } }), 'Restore task “Buy milk”'],
    [m({ name: 'member.invite', args: { list_id: 'l1', email: 'ann@example.com', role: 'editor' } }), 'Invite ann@example.com as editor'],
    [m({ name: 'member.set_role', args: { list_id: 'l1', user_id: 'u2', role: 'viewer' } }), 'Make bob@example.com a viewer of list “Groceries”'],
    [m({ name: 'member.remove', args: { list_id: 'l1', user_id: 'u2' } }), 'Remove bob@example.com from list “Groceries”'],
    [m({ name: 'member.remove', args: { list_id: 'l3', user_id: 'u3' } }), 'Remove a member from a list'],
    [m({ name: 'list.leave', args: { list_id: 'l2' } }), 'Leave list “Trip”'],
  ])('%o → %s', (change, text) => {
    expect(describeChange(change, subjects)).toBe(text);
  });

  it('names a due date in words', () => {
    expect(describeChange(m({ name: 'task.update', args: { id: 't1', patch: { due_date: '2026-03-04' } } }), subjects)).toMatch(
      /^Set task “Buy milk” due .*4.*/,
    );
  });
});

describe('changeText (what "Copy text" copies)', () => {
  it('is the words the user typed: title and notes, a list name, an e-mail', () => {
    expect(changeText(m({ name: 'task.create', args: { id: 't', list_id: 'l', title: 'Eggs', notes: 'Free range', position: 'a' } }))).toBe(
      'Eggs\n\nFree range',
    );
    expect(changeText(m({ name: 'task.update', args: { id: 't1', patch: { notes: 'Two litres' } } }))).toBe('Two litres');
    expect(changeText(m({ name: 'list.update', args: { id: 'l1', patch: { name: 'Food' } } }))).toBe('Food');
    expect(changeText(m({ name: 'member.invite', args: { list_id: 'l1', email: 'ann@example.com', role: 'viewer' } }))).toBe('ann@example.com');
  });

  it('falls back to the description when the change carried no text', () => {
    expect(changeText(m({ name: 'task.update', args: { id: 't1', patch: { done: true } } }), subjects)).toBe('Complete task “Buy milk”');
  });
});

describe('refusal reasons (SPEC §8)', () => {
  it.each([
    ['forbidden', 'you can only view this list'],
    ['not_found', 'it was deleted or unshared'],
    ['deleted', 'it was deleted on another device'],
    ['invalid', 'Notes must be at most 10,000 characters'],
    ['stale', 'the repeat was changed on another device — complete it again'],
  ] as const)('%s → %s', (code, reason) => {
    expect(refusalReason({ code, message: 'Notes must be at most 10,000 characters' })).toBe(reason);
  });

  it('reads as a sentence on its own in the sync centre', () => {
    expect(refusalSentence({ code: 'forbidden', message: '' })).toBe('You can only view this list');
    expect(refusalSentence({ code: 'stale', message: '' })).toBe('The repeat was changed on another device — complete it again');
  });
});
