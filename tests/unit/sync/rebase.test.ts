// The rebase rules: a still-queued change replayed over the row a pull brought, through the
// same pure apply as the optimistic write (src/data/mutations), the way the server will apply
// it. Different fields merge; the same field is this device's until the server has seen its
// change; deletes win; a change the server will refuse leaves the server's row.
import { describe, expect, it } from 'vitest';
import { applyMutation, readsOf, type Rows, type TaskRecord } from '@/data/mutations';
import type { List, OutboxEntry, Task } from '@/domain/model';

const NOW = '2026-11-22T12:00:00.000Z';
const T0 = '2026-11-20T08:00:00.000Z';

const server: Task = {
  id: 't1', list_id: 'l1', title: 'Server title', notes: 'server notes', due_date: '2026-12-01', due_time: '09:00',
  priority: 2, done: false, done_at: null, position: 'a1', created_by: 'u', created_at: T0, updated_at: T0, deleted_at: null, version: 9,
};
const LIST: List = { id: 'l1', owner_id: 'u', name: 'Home', color: 'blue', position: 'a1', is_inbox: false, created_at: T0, updated_at: T0, deleted_at: null, version: 4 };
const OTHER: List = { ...LIST, id: 'l2', name: 'Work' };
const rowsOf = (tasks: TaskRecord[], lists: List[] = [LIST, OTHER]): Rows => ({
  lists: new Map(lists.map((l) => [l.id, l])),
  tasks: new Map(tasks.map((t) => [t.id, t])),
  members: new Map(),
});
/** The task after replaying `m` over it; unchanged when the apply refuses or leaves it be. */
function applyToTask(task: TaskRecord, m: OutboxEntry, now: string): TaskRecord {
  const out = applyMutation(rowsOf([task]), m, { userId: 'u', now });
  return (out.ok && out.changes.tasks?.find((t) => t.id === task.id)) || task;
}
function applyToList(list: List, m: OutboxEntry, now: string): List {
  const out = applyMutation(rowsOf([], [list]), m, { userId: 'u', now });
  return (out.ok && out.changes.lists?.find((l) => l.id === list.id)) || list;
}
/** The row a change edits, from what its apply reads. */
function targetOf(m: OutboxEntry): { kind: 'task' | 'list'; id: string } | null {
  if (m.name === 'task.create' || m.name === 'list.create' || m.name.startsWith('member.') || m.name === 'list.leave') return null;
  const reads = readsOf(m);
  return reads.tasks?.[0] ? { kind: 'task', id: reads.tasks[0] } : { kind: 'list', id: reads.lists![0]! };
}
const entry = (m: Omit<OutboxEntry, 'id' | 'created_at'>): OutboxEntry => ({ id: 1, created_at: NOW, ...m }) as OutboxEntry;
const update = (patch: Record<string, unknown>) => entry({ name: 'task.update', args: { id: 't1', patch } } as never);

describe('replaying a queued task change over the pulled row', () => {
  const cases: { name: string; row?: Partial<Task> & { deleted_with_list?: boolean }; change: OutboxEntry; expected: Partial<Task> & { deleted_with_list?: boolean } }[] = [
    { name: 'my title over their notes: both kept', row: { notes: 'their notes' }, change: update({ title: 'Mine' }), expected: { title: 'Mine', notes: 'their notes', updated_at: NOW } },
    { name: 'same field: my queued value shows until the server has it', row: { title: 'Theirs' }, change: update({ title: 'Mine' }), expected: { title: 'Mine' } },
    { name: 'completing sets done_at now', change: update({ done: true }), expected: { done: true, done_at: NOW } },
    { name: 'completing an already done task keeps its done_at', row: { done: true, done_at: T0 }, change: update({ done: true }), expected: { done: true, done_at: T0 } },
    { name: 'reopening clears done_at', row: { done: true, done_at: T0 }, change: update({ done: false }), expected: { done: false, done_at: null } },
    { name: 'clearing the date clears the time', change: update({ due_date: null }), expected: { due_date: null, due_time: null } },
    // The server refuses a time without a date (invalid): the server's row stays.
    { name: 'clearing the date while setting a time is refused like the server does', change: update({ due_date: null, due_time: '10:00' }), expected: { due_date: '2026-12-01', due_time: '09:00' } },
    { name: 'a move carries list and position', change: update({ list_id: 'l2', position: 'b0' }), expected: { list_id: 'l2', position: 'b0' } },
    { name: 'delete tombstones the row (deletes win)', change: entry({ name: 'task.delete', args: { id: 't1' } }), expected: { deleted_at: NOW, deleted_with_list: false } },
    { name: 'delete of a tombstone keeps the first delete', row: { deleted_at: T0 }, change: entry({ name: 'task.delete', args: { id: 't1' } }), expected: { deleted_at: T0 } },
    { name: 'restore brings a tombstone back', row: { deleted_at: T0, deleted_with_list: true }, change: entry({ name: 'task.restore', args: { id: 't1' } }), expected: { deleted_at: null, deleted_with_list: false } },
    // The server will refuse it as deleted; the tombstone stays as pulled (the text is in the outbox).
    { name: 'an edit replayed over a tombstone leaves the tombstone (the server will refuse it as deleted)', row: { deleted_at: T0 }, change: update({ title: 'Late' }), expected: { title: 'Server title', deleted_at: T0 } },
    { name: 'a list change does not touch the task', change: entry({ name: 'list.update', args: { id: 'l1', patch: { name: 'x' } } }), expected: { title: 'Server title', updated_at: T0 } },
  ];
  it.each(cases)('$name', ({ row, change, expected }) => {
    const result = applyToTask({ ...server, ...row }, change, NOW);
    expect(result).toMatchObject(expected);
    expect(result.version).toBe(9); // the server's version stays: it is what the cursor compares
  });

  it('replays several queued changes in order: the last write to a field wins', () => {
    const changes = [update({ title: 'one' }), update({ notes: 'n' }), update({ title: 'two', priority: 3 })];
    const result = changes.reduce((t, m) => applyToTask(t, m, NOW), { ...server });
    expect(result).toMatchObject({ title: 'two', notes: 'n', priority: 3, due_date: '2026-12-01' });
  });
});

describe('replaying a queued list change', () => {
  const list = LIST;
  it.each([
    { name: 'rename over their colour change', row: { color: 'red' as const }, change: entry({ name: 'list.update', args: { id: 'l1', patch: { name: 'House' } } }), expected: { name: 'House', color: 'red' } },
    { name: 'delete', row: {}, change: entry({ name: 'list.delete', args: { id: 'l1' } }), expected: { deleted_at: NOW } },
    { name: 'delete twice keeps the first', row: { deleted_at: T0 }, change: entry({ name: 'list.delete', args: { id: 'l1' } }), expected: { deleted_at: T0 } },
    { name: 'restore', row: { deleted_at: T0 }, change: entry({ name: 'list.restore', args: { id: 'l1' } }), expected: { deleted_at: null } },
  ])('$name', ({ row, change, expected }) => {
    expect(applyToList({ ...list, ...row }, change, NOW)).toMatchObject(expected);
  });
});

describe('which row a change edits', () => {
  it.each([
    ['task.update', { id: 't', patch: {} }, { kind: 'task', id: 't' }],
    ['task.delete', { id: 't' }, { kind: 'task', id: 't' }],
    ['task.restore', { id: 't' }, { kind: 'task', id: 't' }],
    ['list.update', { id: 'l', patch: {} }, { kind: 'list', id: 'l' }],
    ['list.delete', { id: 'l' }, { kind: 'list', id: 'l' }],
    ['list.restore', { id: 'l' }, { kind: 'list', id: 'l' }],
    ['task.create', { id: 't', list_id: 'l', title: 'x', position: 'a' }, null],
    ['list.create', { id: 'l', name: 'x', color: 'grey', position: 'a' }, null],
    ['member.invite', { list_id: 'l', email: 'a@b.c', role: 'editor' }, null],
    ['list.leave', { list_id: 'l' }, null],
  ])('%s → %j', (name, args, target) => {
    expect(targetOf(entry({ name, args } as never))).toEqual(target);
  });
});
