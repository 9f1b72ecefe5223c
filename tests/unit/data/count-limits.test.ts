// Count limits on the device (SPEC §15: every count limit on every path into a live record): the
// writes refuse what the server would, with its words, before anything is queued. 100 steps a
// task (§11.3): a step's restore counts like a new step, and an import adds no step past it.
// 50 members a list (§13): an invitation of someone not on the list yet.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Identity, lists, members, steps, taskSteps, tasks } from '@/data';
import { importData } from '@/data/backup';
import type { DaybookDb } from '@/data/db/schema';
import { freshDb } from './helpers';

let db: DaybookDb;
let me: Identity;
beforeEach(async () => {
  ({ db, identity: me } = await freshDb());
});

describe('100 live steps a task', () => {
  it('refuses bringing back a deleted step past 100, queueing nothing; with room it comes back', async () => {
    const t = await tasks.create({ title: 'Big' }, db);
    const first = await steps.create(t.id, 'First', db);
    await steps.delete(first.id, db);
    const rest = [];
    for (let i = 0; i < 100; i++) rest.push(await steps.create(t.id, `Step ${i}`, db));
    const queued = await db.outbox.count();
    await expect(steps.restore(first.id, db)).rejects.toThrow('A task holds at most 100 steps');
    expect(await db.outbox.count()).toBe(queued);
    expect(await taskSteps(t.id, db)).toHaveLength(100);

    await steps.delete(rest[0]!.id, db);
    await steps.restore(first.id, db);
    expect((await taskSteps(t.id, db)).map((s) => s.id)).toContain(first.id);
    expect((await db.outbox.orderBy('id').last())!.name).toBe('step.restore');
  });

  it('imports at most 100 steps on a task and reports the rest as skipped', async () => {
    const at = '2026-11-20T08:00:00.000Z';
    const taskId = randomUUID();
    const file = {
      format: 'daybook',
      version: 1,
      exported_at: at,
      lists: [],
      tasks: [{ id: taskId, list_id: me.inboxId, title: 'Pack', notes: '', due_date: null, due_time: null, priority: 0, done: false, position: 'a0' }],
      steps: Array.from({ length: 101 }, (_, i) => ({ id: randomUUID(), task_id: taskId, title: `Step ${i}`, done: false, position: `a${i}` })),
    };
    const report = await importData(file, db);
    expect(report.imported).toMatchObject({ tasks: 1, steps: 100 });
    expect(report.skipped).toEqual([{ index: 100, kind: 'step', reason: 'A task holds at most 100 steps' }]);
    const [task] = (await db.tasks.toArray()).filter((r) => r.title === 'Pack');
    expect(await taskSteps(task!.id, db)).toHaveLength(100);
  });
});

describe('50 members a list', () => {
  it('refuses inviting someone new to a list of 50, queueing nothing; a current member’s role changes', async () => {
    const list = await lists.create({ name: 'Club' }, db);
    const others = Array.from({ length: 49 }, (_, i) => ({ list_id: list.id, user_id: `u-${i}`, email: `Person${i}@example.test`, role: 'editor' as const }));
    await db.members.bulkPut(others);
    const queued = await db.outbox.count();
    await expect(members.invite(list.id, 'newcomer@example.test', 'viewer', db)).rejects.toThrow('A list holds at most 50 members');
    expect(await db.outbox.count()).toBe(queued);

    await members.invite(list.id, ' person7@EXAMPLE.test ', 'viewer', db);
    expect((await db.outbox.orderBy('id').last())!.name).toBe('member.invite');
    await members.remove(list.id, 'u-0', db);
    await members.invite(list.id, 'newcomer@example.test', 'viewer', db);
    expect((await db.outbox.orderBy('id').last())!.args).toMatchObject({ email: 'newcomer@example.test' });
  });
});
