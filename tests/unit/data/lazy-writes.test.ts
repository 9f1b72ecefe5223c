// The UI's writes are stand-ins that load the real ones on first use (src/data/write/lazy.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@/data';
import { comments, invitations, lists, members, notifications, profile, reminders, steps, tasks } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import * as real from '@/data/write/entities';
import { loadWrites } from '@/data/write/lazy';
import { freshDb } from './helpers';

let db: DaybookDb;

beforeEach(async () => {
  ({ db } = await freshDb());
});

const PAIRS = [
  [comments, real.comments],
  [invitations, real.invitations],
  [lists, real.lists],
  [members, real.members],
  [notifications, real.notifications],
  [profile, real.profile],
  [reminders, real.reminders],
  [steps, real.steps],
  [tasks, real.tasks],
] as const;

describe('lazy writes', () => {
  it('offers every verb the real writes have, and only those', () => {
    for (const [standIn, write] of PAIRS) expect(Object.keys(standIn).sort()).toEqual(Object.keys(write).sort());
  });

  it('a write asked for before the writes are loaded waits for them and lands', async () => {
    const task = await data.tasks.create({ title: 'Before the preload' }, db);
    expect((await data.getTask(task.id, db))?.title).toBe('Before the preload');
  });

  it('once loaded, calls the real write in the same task (the optimistic patch is not delayed)', async () => {
    await loadWrites();
    const spy = vi.spyOn(real.tasks, 'setDone');
    const task = await data.tasks.create({ title: 'Tick me' }, db);
    const done = data.tasks.setDone(task.id, true, db);
    expect(spy).toHaveBeenCalledWith(task.id, true, db);
    await done;
    spy.mockRestore();
    expect((await data.getTask(task.id, db))?.done).toBe(true);
  });
});
