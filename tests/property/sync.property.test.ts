// Property: three devices (two of Ann, one of Ben) make random edits (SPEC operations, read marks,
// sharing, deadlines, repeats from the day it's done and steps that start over included) through random offline spells, transport faults (request lost, answer lost
// after commit, duplicate, delay, 5xx, timeout) and app restarts between push and pull, with
// pulls of a few rows a page on some devices so that faults cut pulls between their pages, and
// pages of one or two so that a device's refusals come over several pages. And
// trouble that waits for its moment (FaultyTransport.arm, tests/helpers/sync-device.ts):
//   - another tab takes the database over while a request is in flight: it claims the database
//     and syncs (to the end, or at the same time as the first tab, whose answer is released
//     once the new tab has claimed); the first tab's writes are fenced off, the device goes on
//     with the new tab;
//   - the server restarts in the middle of a push — before it reads it, while it works on it,
//     or as its answer starts back: connections reset, what it committed stays (a request it
//     had read runs to its end: an in-process server cannot die inside a transaction);
//   - between two pages of a device's pull, its user is removed from a shared list by the
//     owner's device (or leaves it on another device), which syncs; the pull goes on;
//   - the server's records of this run's devices age by 8 days (at random steps, before the
//     heal, and before the pull that follows a refusal, for every other refused change): refusals
//     older than seven days must still reach their device.
// Once the network heals and everyone has synced until nothing is queued:
//   - every device shows exactly what the server shows its user, and no outbox holds anything;
//   - every change was applied or refused exactly once (the server's answers, recorded under
//     the faults, never show one change applied twice), and every refusal is in its device's
//     refused list and was told (a 'refused' event of one of its tabs) exactly once;
//   - replaying the applied changes in the server's order on a model of the documented
//     semantics gives the server's rows: each edit is present, overwritten by a later one in
//     server order, or refused.
//   - every assignee, and everyone in a turn order, is a live member of the task's list (SPEC
//     §13.2: assigning refuses anyone else, and leaving or being removed takes a person off);
//   - every step's tick is the model's: an Undo ticks again exactly the steps its completion
//     unticked on the server (SPEC §21), including one another device ticked and synced just
//     before ('undo-race'), and hands the turn back only if nobody handed the task on since.
//   - every device of a person holds exactly the server's notifications for them, read alike,
//     and one is read on the server iff a read mark of that person named it or a "Mark all as
//     read" of theirs was sent with a time at or after it (apply_notification.sql); and each
//     has had one 'assigned' notification each time a live task was handed to them by the other
//     person (assigning, taking turns, a completion or its Undo handing the turn on or back).
// Runs: NUM_RUNS (default 200), SEED to replay (PROPERTY_PATH too, for the shrunk case);
// scripts/property-long.mjs runs it by steps. Devices sync one at a time (a takeover's two tabs
// aside, which push the same queue), so the order in which answers come back is the server's
// commit order; a push whose answer a restart cut off is read back from the server's records.
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labels as labelOps } from '@/data/labels';
import { comments as commentOps, invitations as invitationOps, lists as listOps, members as memberOps, notifications as notificationOps, profile as profileOps, reminders as reminderOps, steps as stepOps, tasks as taskOps } from '@/data/write';
import { readFromNotificationPush } from '@/data/notifications/push-read';
import { myInvitations } from '@/data';
import { readLinks } from '@/data/db/links';
import { readFeeds } from '@/data/db/feeds';
import { feeds as feedOps } from '@/data/feeds';
import { links as linkOps } from '@/data/links';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ValidationError } from '@/lib/errors';
import { isFromDone } from '@/domain/recurrence';
import type { OccurrenceDone } from '@/data/write';
import { type List, type Mutation, type MutationError, type PullResult, REMINDER_OFFSETS, type ReminderOffset, type Task } from '@/domain/model';
import type { PushRequest } from '@/sync/ports';
import { type RestartMoment, signUpUser, startTestServer, type TestServer } from '../helpers/server';
import { pullAll } from '../helpers/server-sync';
import { connectDevice, type Device, deviceView, type Fault, FAULTS, INTERRUPTING, serverView, type Trouble } from '../helpers/sync-device';
import { applyToModel, emptyModel, notificationRead, wrongRefusal } from './sync-model';

const NUM_RUNS = Number(process.env.NUM_RUNS ?? 200);
const SEED = process.env.SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.SEED);
/** fast-check's `path` from a failure report: replays exactly the shrunk counterexample. */
const PATH = process.env.PROPERTY_PATH;
/** Age the server's records by 8 days at random steps (SPEC §12's refusal stream; AGE_REFUSALS=0 leaves it out). */
const AGE = process.env.AGE_REFUSALS !== '0';
/** Where scripts/property-long.mjs wants the counts (JSON), appended once per test run. */
const STATS_FILE = process.env.PROPERTY_STATS_FILE;
/** The title each task had before its last title edit on a device: what a restore writes back. */
const earlierTitles = new Map<string, string>();

// ---- what a step can be --------------------------------------------------------------------

const text = fc.constantFrom('Milk', 'Call Bo', '  Pay rent ', 'Ünïcödé ✓', 'x'.repeat(500), 'Plan trip', 'Fix bike', '   ');
const notes = fc.constantFrom('', 'oat', 'two lines\nof notes', 'n'.repeat(2000));
const date = fc.constantFrom(null, '2026-11-23', '2026-12-24', '1900-01-01');
const time = fc.constantFrom(null, '09:00', '23:59');
const pick = fc.nat(50);
// repeating tasks (SPEC §11.1): a few rules, one that ends after two; completions are of one
// occurrence, on a fixed "today" so a run replays the same
const repeat = fc.constantFrom(null, null, 'FREQ=DAILY', 'FREQ=WEEKLY;COUNT=2', 'FREQ=DAILY;INTERVAL=2;FROM=DONE');
const TODAY = '2026-12-01';
/**
 * The day a repeat from the day it's done is completed (SPEC §14.3): a completion carries it, and
 * the server refuses one after tomorrow, so it is fixed in the past rather than TODAY.
 */
const DONE_DAY = '2026-11-26';

type Op =
  | { op: 'task.create'; list: number; title: string; notes: string; due: string | null; time: string | null; priority: 0 | 1 | 2 | 3; repeat: string | null; deadline: string | null }
  | { op: 'task.complete'; task: number }
  | { op: 'task.undo'; pick: number; tick: boolean }
  | { op: 'task.repeat'; task: number; repeat: string | null }
  | { op: 'task.update'; task: number; field: 'title' | 'notes' | 'priority' | 'done' | 'due' | 'deadline' | 'start_over' | 'duration' | 'restore'; title: string; notes: string; priority: 0 | 1 | 2 | 3; due: string | null; time: string | null }
  | { op: 'task.move'; task: number; list: number; where: 'start' | 'end' }
  | { op: 'task.delete'; task: number }
  | { op: 'task.restore'; task: number }
  | { op: 'list.create'; name: string; color: 'red' | 'blue' | 'green' }
  | { op: 'list.update'; list: number; name: string; color: 'red' | 'blue' | 'green' }
  | { op: 'list.delete'; list: number }
  | { op: 'list.restore'; list: number }
  | { op: 'member.invite'; list: number; role: 'editor' | 'viewer' }
  | { op: 'member.set_role'; list: number; role: 'editor' | 'viewer' }
  | { op: 'member.remove'; list: number }
  | { op: 'list.leave'; list: number }
  | { op: 'invitation.accept'; pick: number }
  | { op: 'invitation.decline'; pick: number }
  | { op: 'invitation.cancel'; pick: number }
  | { op: 'link.create'; list: number; role: 'editor' | 'viewer' }
  | { op: 'feed.create'; name: string }
  | { op: 'feed.revoke'; pick: number }
  | { op: 'link.revoke'; pick: number }
  | { op: 'link.join'; pick: number }
  | { op: 'task.assign'; task: number; who: 'me' | 'other' | 'nobody' }
  | { op: 'task.turns'; task: number; who: 'both' | 'me' | 'off' }
  | { op: 'reminder.set'; task: number; offset: ReminderOffset }
  | { op: 'reminder.clear'; task: number }
  | { op: 'label.add'; task: number; name: 'Errands' | 'Phone' | 'Later' }
  | { op: 'label.remove'; task: number }
  | { op: 'profile.update'; name: string | null; color: 'red' | 'blue' | 'green' | null }
  | { op: 'comment.add'; task: number; body: string }
  | { op: 'comment.edit'; pick: number; body: string }
  | { op: 'comment.delete'; pick: number }
  | { op: 'step.tick'; task: number; pick: number }
  | { op: 'notification.read'; pick: number; from: 'screen' | 'push' }
  | { op: 'notification.read_all' };

const priority = fc.constantFrom(0, 1, 2, 3) as fc.Arbitrary<0 | 1 | 2 | 3>;
const role = fc.constantFrom('editor', 'viewer') as fc.Arbitrary<'editor' | 'viewer'>;
const color = fc.constantFrom('red', 'blue', 'green') as fc.Arbitrary<'red' | 'blue' | 'green'>;

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ op: fc.constant('task.create' as const), list: pick, title: text, notes, due: date, time, priority, repeat, deadline: date }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('task.complete' as const), task: pick }) },
  // the toast's Undo of one of this device's completions (mostly the last), maybe made while
  // offline after another device completed the same occurrence (SPEC §15)
  { weight: 2, arbitrary: fc.record({ op: fc.constant('task.undo' as const), pick, tick: fc.boolean() }) },
  // a rule edit that may race another device's completion (refused `stale` then, SPEC §15)
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('task.repeat' as const), task: pick, repeat: fc.constantFrom(null, 'FREQ=DAILY', 'FREQ=WEEKLY;COUNT=2', 'FREQ=WEEKLY;BYDAY=MO', 'FREQ=WEEKLY;BYDAY=FR', 'FREQ=DAILY;INTERVAL=3;FROM=DONE') }),
  },
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('task.update' as const),
      task: pick,
      field: fc.constantFrom('title', 'notes', 'priority', 'done', 'due', 'deadline', 'start_over', 'duration', 'restore') as fc.Arbitrary<
        'title' | 'notes' | 'priority' | 'done' | 'due' | 'deadline' | 'start_over' | 'duration' | 'restore'
      >,
      title: text,
      notes,
      priority,
      due: date,
      time,
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('task.move' as const), task: pick, list: pick, where: fc.constantFrom('start', 'end') as fc.Arbitrary<'start' | 'end'> }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('task.delete' as const), task: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('task.restore' as const), task: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('list.create' as const), name: text, color }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('list.update' as const), list: pick, name: text, color }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('list.delete' as const), list: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('list.restore' as const), list: pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('member.invite' as const), list: pick, role }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('member.set_role' as const), list: pick, role }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('member.remove' as const), list: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('list.leave' as const), list: pick }) },
  // invitations (SPEC §13.1): the invitee answers one this device holds, the owner cancels one
  { weight: 3, arbitrary: fc.record({ op: fc.constant('invitation.accept' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('invitation.decline' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('invitation.cancel' as const), pick }) },
  // share links (SPEC §13.1): the owner makes and revokes them offline like any change; the other
  // person joins through one whose token this device holds, straight to the server (join_list)
  { weight: 2, arbitrary: fc.record({ op: fc.constant('link.create' as const), list: pick, role }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('link.revoke' as const), pick }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('link.join' as const), pick }) },
  // calendar feeds (SPEC §19): the person's own, made and revoked offline like links
  { weight: 2, arbitrary: fc.record({ op: fc.constant('feed.create' as const), name: text }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('feed.revoke' as const), pick }) },
  // who does it (SPEC §13.2): an assignee (the other person may not be on the list: refused),
  // and taking turns on a repeating task, which its completions hand on
  { weight: 2, arbitrary: fc.record({ op: fc.constant('task.assign' as const), task: pick, who: fc.constantFrom('me', 'other', 'other', 'nobody') as fc.Arbitrary<'me' | 'other' | 'nobody'> }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('task.turns' as const), task: pick, who: fc.constantFrom('both', 'both', 'me', 'off') as fc.Arbitrary<'both' | 'me' | 'off'> }) },
  // reminders (SPEC §11.4): the person's own; a task with no date refuses one on the device
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reminder.set' as const), task: pick, offset: fc.constantFrom(...REMINDER_OFFSETS) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reminder.clear' as const), task: pick }) },
  // labels (SPEC §14.1): the person's own, one change per label; a name not on this device yet is made here
  { weight: 2, arbitrary: fc.record({ op: fc.constant('label.add' as const), task: pick, name: fc.constantFrom('Errands', 'Phone', 'Later') as fc.Arbitrary<'Errands' | 'Phone' | 'Later'> }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('label.remove' as const), task: pick }) },
  // names (SPEC §16): the person's own, written on their member rows in every list; one too long is refused on the device
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('profile.update' as const),
      name: fc.constantFrom(null, 'Ann B', ' Ben ', 'Zoë Ünïcödé', '   ', 'n'.repeat(51)),
      color: fc.constantFrom(null, 'red', 'blue', 'green') as fc.Arbitrary<'red' | 'blue' | 'green' | null>,
    }),
  },
  // comments (SPEC §17): each its own record; only its author edits it, its author or the list's
  // owner deletes it (the device refuses the rest itself; a role changed meanwhile, the server)
  { weight: 5, arbitrary: fc.record({ op: fc.constant('comment.add' as const), task: pick, body: text }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('comment.edit' as const), pick, body: text }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('comment.delete' as const), pick }) },
  // steps (SPEC §11.3): a repeating task's steps are ticked on one device while another completes
  // it, and its Undo ticks again exactly those the server unticked (SPEC §21)
  { weight: 3, arbitrary: fc.record({ op: fc.constant('step.tick' as const), task: pick, pick: fc.nat(7) }) },
  // read marks (SPEC §17): one notification opened on the screen (one this device holds), or
  // from a push (ids the server made, pulled here or not), and "Mark all as read"
  { weight: 3, arbitrary: fc.record({ op: fc.constant('notification.read' as const), pick, from: fc.constantFrom('screen', 'screen', 'push') as fc.Arbitrary<'screen' | 'push'> }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('notification.read_all' as const) }) },
);

type Step =
  | { kind: 'edit'; device: number; op: Op }
  | { kind: 'sync'; device: number }
  | { kind: 'network'; device: number; online: boolean }
  | { kind: 'faults'; device: number; faults: Fault[] }
  | { kind: 'restart'; device: number }
  | { kind: 'trouble'; device: number; trouble: Trouble; pick: number }
  | { kind: 'age' }
  | { kind: 'conflict'; device: number; task: number; edits: number; late: boolean }
  | { kind: 'race'; device: number; task: number; rule: boolean }
  | { kind: 'undo-race'; device: number; task: number; turn: boolean };

const device = fc.nat(2);
// a server restart costs half a second: rarer than the rest
const trouble = fc.constantFrom<Trouble>(
  'takeover', 'takeover', 'takeover-during', 'takeover-during', 'member-removed', 'member-removed', 'member-removed', 'pull-cut', 'pull-cut', 'server-restart',
);
const stepKinds: fc.WeightedArbitrary<Step>[] = [
  { weight: 20, arbitrary: fc.record({ kind: fc.constant('edit' as const), device, op: opArb }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('network' as const), device, online: fc.boolean() }) },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('faults' as const), device, faults: fc.array(fc.constantFrom(...FAULTS), { minLength: 1, maxLength: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('restart' as const), device }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('trouble' as const), device, trouble, pick: fc.nat(1000) }) },
  // another device deletes a task and syncs; this one, not knowing yet, edits it a few times:
  // refusals enough to fill a small pull page — and, when `late`, it syncs at once and the
  // answer to its push comes after the deadline (the server applied it; the engine probes with
  // a pull, whose pages are the first to bring those refusals)
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('conflict' as const), device, task: pick, edits: fc.integer({ min: 2, max: 4 }), late: fc.boolean() }) },
  // another device completes a repeating task's occurrence (or changes its rule) and syncs; this
  // one, not knowing yet, ticks the same occurrence and taps Undo (or completes it with the old
  // rule): SPEC §15, an Undo takes back only its own completion, and a stale rule is refused
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('race' as const), device, task: pick, rule: fc.boolean() }) },
  // a completion whose Undo comes after another device changed what it did (SPEC §21): a step
  // ticked there and synced before this device completes; or the task handed back by hand after
  // the completion handed it on — the Undo takes back exactly what the server's completion did
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo-race' as const), device, task: pick, turn: fc.boolean() }) },
];
if (AGE) stepKinds.push({ weight: 1, arbitrary: fc.constant({ kind: 'age' as const }) });
const stepArb: fc.Arbitrary<Step> = fc.oneof(...stepKinds);
/**
 * Rows (and refusals) per pull page of each device: small pages make pulls that faults can cut
 * between pages, and refusals that come over several pages — whose pages must not acknowledge a
 * change whose refusal is still to come (20261125100000_refusal_pages). Undefined: the engine's
 * own sizes, which grow with a backlog (src/sync/adaptive.ts).
 */
const pullLimit = fc.constantFrom(undefined, 1000, 1, 2, 3, 7);

// ---- running a step on a device -------------------------------------------------------------

const at = <T>(rows: T[], i: number): T | undefined => (rows.length ? rows[i % rows.length] : undefined);

/** Each device's completions of an occurrence, for its Undo (a toast's, so mostly the last one). */
const completions = new WeakMap<Device, OccurrenceDone[]>();

/** Completes the occurrence a repeating task is due on, remembered for an Undo; null for any other task. */
async function completeOccurrence(d: Device, task: { id: string; repeat?: string | null; due_date: string | null } | undefined): Promise<OccurrenceDone | null> {
  if (!task?.repeat || !task.due_date) return null;
  const done = await taskOps.completeOccurrence(task.id, isFromDone(task.repeat) ? DONE_DAY : TODAY, d.db);
  completions.set(d, [...(completions.get(d) ?? []), done]);
  return done;
}

/** Runs the edit through the data layer; returns the local refusal message, if any (nothing queued then). */
function perform(d: Device, other: Other, op: Op): Promise<string | null> {
  return refusedLocally(() => edit(d, other, op));
}

async function refusedLocally(write: () => Promise<unknown>): Promise<string | null> {
  try {
    await write();
    return null;
  } catch (err) {
    // the UI would show the message at the field
    if (!(err instanceof ValidationError)) throw err;
    return err.message;
  }
}

/** Joins through a link that the server answered with the list, in the run under way. */
let joinedByLink = 0;
/** The tokens of the links made in the run under way. */
let madeTokens: string[] = [];
/** The ids of a person's notifications on the server, newest first: what a push about them carries. */
let serverNotifications: (userId: string) => Promise<string[]> = async () => [];

/** The other person: their address and id, and their own connection to the server (for a join). */
type Other = { email: string; userId: string; client: SupabaseClient };

async function edit(d: Device, other: Other, op: Op): Promise<void> {
  const db = d.db;
  const allLists = (await db.lists.toArray()).sort((a, b) => a.id.localeCompare(b.id));
  const live = allLists.filter((l) => !l.deleted_at);
  const shared = live.filter((l) => !l.is_inbox);
  const allTasks = (await db.tasks.toArray()).sort((a, b) => a.id.localeCompare(b.id));
  const liveTasks = allTasks.filter((t) => !t.deleted_at);
  const task = 'task' in op ? at(op.op === 'task.restore' ? allTasks.filter((t) => t.deleted_at) : liveTasks, op.task) : undefined;
    switch (op.op) {
      case 'task.create':
        await taskOps.create({ title: op.title, notes: op.notes, due_date: op.due, due_time: op.due ? op.time : null, priority: op.priority, list_id: at(live, op.list)?.id, repeat: op.due ? op.repeat : null, deadline: op.deadline }, db);
        return;
      case 'task.complete': {
        // a repeating task's checkbox completes one occurrence; any other completes it
        const repeating = op.task % 3 ? at(liveTasks.filter((t) => t.repeat && t.due_date), op.task) : undefined;
        if (!(await completeOccurrence(d, repeating ?? task)) && task && !repeating) await taskOps.setDone(task.id, true, db);
        return;
      }
      case 'task.undo': {
        // a tick and its Undo at once (the net change of a device: nothing), or the Undo of an
        // earlier completion of this device
        const mine = completions.get(d) ?? [];
        const done = op.tick || !mine.length ? await completeOccurrence(d, at(liveTasks.filter((t) => t.repeat && t.due_date), op.pick)) : mine[op.pick % 4 === 0 ? op.pick % mine.length : mine.length - 1];
        if (done) await taskOps.undoOccurrence(done, db);
        return;
      }
      case 'task.repeat': {
        // mostly a repeating task (what another device may be completing)
        const dated = (op.task % 3 ? at(liveTasks.filter((t) => t.repeat && t.due_date), op.task) : undefined) ?? at(liveTasks.filter((t) => t.due_date), op.task);
        if (dated) await taskOps.update(dated.id, { repeat: op.repeat }, db);
        return;
      }
      case 'task.update': {
        if (!task) return;
        // "Restore this version" (SPEC §17): a plain title edit back to a title the task had here
        if (op.field === 'title') earlierTitles.set(task.id, task.title);
        const patch =
          op.field === 'title' ? { title: op.title }
          : op.field === 'restore' ? { title: earlierTitles.get(task.id) ?? task.title }
          : op.field === 'notes' ? { notes: op.notes }
          : op.field === 'priority' ? { priority: op.priority }
          : op.field === 'done' ? { done: !task.done }
          : op.field === 'deadline' ? { deadline: op.due }
          : op.field === 'start_over' ? { steps_start_over: task.steps_start_over === false }
          // a duration from the priority drawn: none, 15 minutes, 1 h 30, 8 h (refused on an untimed task)
          : op.field === 'duration' ? { duration_min: [null, 15, 90, 480][op.priority] ?? null }
          : { due_date: op.due, due_time: op.due ? op.time : null };
        await taskOps.update(task.id, patch, db);
        return;
      }
      case 'step.tick': {
        // mostly on a repeating task: a new ticked step while it has fewer than two, else one toggled
        const target = (op.task % 3 ? at(liveTasks.filter((t) => t.repeat && t.due_date), op.task) : undefined) ?? task;
        if (!target) return;
        const its = (await db.steps.toArray()).filter((s) => s.task_id === target.id && !s.deleted_at).sort((a, b) => a.id.localeCompare(b.id));
        if (its.length < 2) {
          const made = await stepOps.create(target.id, `step ${its.length + 1}`, db);
          await stepOps.setDone(made.id, true, db);
        } else {
          const one = at(its, op.pick)!;
          await stepOps.setDone(one.id, !one.done, db);
        }
        return;
      }
      case 'task.assign':
        if (task) await taskOps.update(task.id, { assignee: op.who === 'me' ? d.userId : op.who === 'other' ? other.userId : null }, db);
        return;
      case 'task.turns': {
        // mostly a repeating task, so that completions hand the turn on
        const repeating = (op.task % 3 ? at(liveTasks.filter((t) => t.repeat && t.due_date), op.task) : undefined) ?? task;
        const turns = op.who === 'both' ? [d.userId, other.userId] : op.who === 'me' ? [d.userId] : null;
        if (repeating) await taskOps.update(repeating.id, { turns }, db);
        return;
      }
      case 'task.move': {
        const target = at(live, op.list);
        if (task && target) await taskOps.move(task.id, op.where === 'start' ? { after: null, list_id: target.id } : { list_id: target.id }, db);
        return;
      }
      case 'task.delete':
        if (task) await taskOps.delete(task.id, db);
        return;
      case 'task.restore':
        if (task) await taskOps.restore(task.id, db);
        return;
      case 'list.create':
        await listOps.create({ name: op.name, color: op.color }, db);
        return;
      case 'list.update': {
        const l = at(shared, op.list);
        if (l) await listOps.update(l.id, { name: op.name, color: op.color }, db);
        return;
      }
      case 'list.delete': {
        const l = at(shared, op.list);
        if (l) await listOps.delete(l.id, db);
        return;
      }
      case 'list.restore': {
        const l = at(allLists.filter((x) => x.deleted_at), op.list);
        if (l) await listOps.restore(l.id, db);
        return;
      }
      case 'member.invite': {
        const l = at(shared, op.list);
        if (l) await memberOps.invite(l.id, other.email, op.role, db);
        return;
      }
      case 'member.set_role': {
        const l = at(shared, op.list);
        if (l) await memberOps.setRole(l.id, other.userId, op.role, db);
        return;
      }
      case 'member.remove': {
        const l = at(shared, op.list);
        if (l) await memberOps.remove(l.id, other.userId, db);
        return;
      }
      case 'list.leave': {
        const l = at(shared, op.list);
        if (l) await listOps.leave(l.id, db);
        return;
      }
      case 'invitation.accept':
      case 'invitation.decline': {
        const invitation = at((await myInvitations(db)).filter((i) => i.incoming), op.pick);
        if (invitation) await (op.op === 'invitation.accept' ? invitationOps.accept : invitationOps.decline)(invitation.list_id, db);
        return;
      }
      case 'invitation.cancel': {
        const invitation = at((await myInvitations(db)).filter((i) => !i.incoming), op.pick);
        if (invitation) await invitationOps.cancel(invitation.list_id, invitation.email, db);
        return;
      }
      case 'link.create': {
        const l = at(shared, op.list);
        if (l) madeTokens.push((await linkOps.create(l.id, op.role, 7, db)).token);
        return;
      }
      case 'feed.create':
        await feedOps.create({ kind: 'all', targetId: null, name: op.name, options: {} }, db);
        return;
      case 'feed.revoke': {
        const feed = at(await readFeeds(db), op.pick);
        if (feed) await feedOps.revoke(feed.id, db);
        return;
      }
      case 'link.revoke': {
        const link = at(await readLinks(db), op.pick);
        if (link) await linkOps.revoke(link.list_id, link.id, db);
        return;
      }
      case 'link.join': {
        // a token made in this run (as a person passes a link on), whether or not its link has
        // been sent, revoked or refused: the server decides; a refusal (unknown, revoked, the 24
        // hours after leaving) changes nothing.
        const token = at(madeTokens, op.pick);
        if (!token) return;
        const joined = await other.client.rpc('join_list', { p_token: token });
        if (joined.data) joinedByLink++;
        return;
      }
      case 'reminder.set': {
        // a dated task; an undated one is given a date first (else the device refuses the reminder)
        const dated = at(liveTasks.filter((t) => t.due_date), op.task);
        if (dated) await reminderOps.set(dated.id, op.offset, db);
        else if (task) {
          await taskOps.update(task.id, { due_date: '2026-12-24' }, db);
          await reminderOps.set(task.id, op.offset, db);
        }
        return;
      }
      case 'reminder.clear': {
        // mostly a task with a reminder set (clearing none writes nothing)
        const set = (await db.reminders.toArray()).filter((r) => r.offset_minutes !== null).sort((a, b) => a.task_id.localeCompare(b.task_id));
        const id = at(set, op.task)?.task_id ?? task?.id;
        if (id) await reminderOps.clear(id, db);
        return;
      }
      case 'label.add':
        if (task) await labelOps.addByName(task.id, [op.name], db);
        return;
      case 'profile.update':
        await profileOps.update({ display_name: op.name, color: op.color }, db);
        return;
      case 'label.remove': {
        // a label that is on (taking off none writes nothing)
        const on = (await db.task_labels.toArray()).filter((r) => !r.deleted_at).sort((a, b) => `${a.task_id}/${a.label_id}`.localeCompare(`${b.task_id}/${b.label_id}`));
        const row = at(on, op.task);
        if (row) await labelOps.remove(row.task_id, row.label_id, db);
        return;
      }
      case 'comment.add':
        if (task) await commentOps.create(task.id, op.body, db);
        return;
      case 'comment.edit':
      case 'comment.delete': {
        // a live comment this device holds, on a live task
        const live = new Set(liveTasks.map((t) => t.id));
        const held = (await db.comments.toArray()).filter((c) => !c.deleted_at && live.has(c.task_id)).sort((a, b) => a.id.localeCompare(b.id));
        const comment = at(held, op.pick);
        if (!comment) return;
        if (op.op === 'comment.edit') await commentOps.update(comment.id, op.body, db);
        else await commentOps.delete(comment.id, db);
        return;
      }
      case 'notification.read': {
        if (op.from === 'push') {
          // a push groups the newest few, whether or not this device has pulled them
          const ids = (await serverNotifications(d.userId)).slice(op.pick % 3, (op.pick % 3) + 1 + (op.pick % 2));
          if (ids.length) await readFromNotificationPush(db, ids);
          return;
        }
        // opening one from the screen marks it (mostly an unread one; a read one writes nothing)
        const held = (await db.notifications.toArray()).sort((a, b) => a.id.localeCompare(b.id));
        const n = (op.pick % 4 ? at(held.filter((x) => x.read_at === null), op.pick) : undefined) ?? at(held, op.pick);
        if (n && n.read_at === null) await notificationOps.read([n.id], db);
        return;
      }
      case 'notification.read_all':
        // "Mark all as read": every notification the device holds, as the screen sends it
        await notificationOps.readAll(db);
        return;
    }
}

// ---- the property ---------------------------------------------------------------------------

interface Answer {
  client: string;
  id: number;
  status: 'applied' | 'duplicate' | 'refused';
  error?: MutationError;
  /** A duplicate's first answer, as the server remembers it. */
  first_status?: 'applied' | 'refused' | 'unknown';
  mutation: Mutation;
}

/** Every row the server holds for these users (tombstones included), departures applied. */
async function serverRows(devices: Device[]) {
  const tasks = new Map<string, Task>();
  const lists = new Map<string, List>();
  for (const d of devices) {
    const pages: PullResult[] = await pullAll(d.backend.supabase, crypto.randomUUID());
    const mine = new Map<string, Task>();
    for (const p of pages) {
      for (const l of p.lists) lists.set(l.id, l);
      for (const t of p.tasks) mine.set(t.id, t);
      for (const dep of p.departed) if (mine.get(dep.task_id)?.list_id === dep.list_id) mine.delete(dep.task_id);
    }
    for (const [id, t] of mine) tasks.set(id, t);
  }
  return { tasks, lists };
}

/** The messages of changes the device refuses itself (src/sync/run.ts) instead of sending them for ever. */
const LOCAL_REFUSAL = /^(The server keeps failing on this change|The server could not read this change|This change is too large to sync)/;

/** What the runs exercised, printed at the end (a property that never meets a fault proves little). */
function emptyStats() {
  return {
    runs: 0,
    steps: 0,
    applied: 0,
    refused: 0,
    duplicates: 0,
    faults: 0,
    offline: 0,
    restarts: 0,
    shared: 0,
    /** pulls that went on from a page that said has_more */
    pages: 0,
    /** pulls cut between their pages: a fault on a page after the first, or one that hid a page saying has_more */
    interruptedPulls: 0,
    takeovers: 0,
    takeoversDuring: 0,
    /** store writes of a tab that had lost the database, rejected (LeadershipLost) */
    fencedWrites: 0,
    serverRestarts: 0,
    /** of which the push's answer was lost and the server had committed it / had not */
    restartCommitted: 0,
    restartLost: 0,
    /** users removed from a list (by its owner's device, or leaving on another device) while a pull was between pages */
    removedMidPull: 0,
    leftMidPull: 0,
    /** changes the device refused itself, the server failing on them again and again */
    localRefusals: 0,
    agings: 0,
    /** refusals the server held when their records were aged past seven days (each must reach its device) */
    agedRefusals: 0,
    /** reminder rows the server ended with (cleared ones too) */
    reminders: 0,
    /** comment rows the server ended with (deleted ones too) */
    comments: 0,
    /** notifications the server ended with for the run's people, and of them read (SPEC §17) */
    notifications: 0,
    readNotifications: 0,
    /** read marks the server applied (notification.read and .read_all), and of them "Mark all as read" */
    readMarks: 0,
    readAlls: 0,
    /** of the notifications, 'assigned' ones (a task handed to someone by another: SPEC §17) */
    assignedNotes: 0,
    /** label rows on tasks the server ended with (removed ones too) */
    taskLabels: 0,
    /** tasks deleted on one device while another was about to edit them (the 'conflict' step) */
    conflicts: 0,
    /** refusals pull answers carried (answers a fault then hid too) */
    pulledRefusals: 0,
    /** pull answers full of refusals with more waiting, whose acknowledgment the server held below the client's last change */
    heldAcks: 0,
    /** Undos of a completion that took it back, and those that changed nothing (not their own, or moved on: SPEC §15) */
    undos: 0,
    undosNoop: 0,
    /** the 'race' step: a completion or rule edit on one device, synced before a stale device ticks */
    races: 0,
    /** the 'undo-race' step: another device changed what a completion did before its Undo */
    undoRaces: 0,
    /** completions refused for a rule changed elsewhere (SPEC §15) */
    stale: 0,
    /** tasks the runs ended with an assignee, and with a turn order (SPEC §13.2) */
    assigned: 0,
    turns: 0,
    /** share links the server made, and joins through one that it answered with the list (SPEC §13.1) */
    links: 0,
    /** calendar feeds the server made (SPEC §19) */
    feeds: 0,
    linkJoins: 0,
  };
}
type Stats = ReturnType<typeof emptyStats>;

/** Where in a push the server restarts: before it reads it, while it may be applying it, as its answer starts back. */
const RESTART_MOMENTS: RestartMoment[] = [{ on: 'request' }, { on: 'request', afterMs: 1 }, { on: 'request', afterMs: 4 }, { on: 'answer' }];

/** One run; an app that a `crash` fault closed opens again. */
async function syncOnce(d: Device): Promise<void> {
  await d.sync();
  if (d.transport.crashed) {
    d.transport.crashed = false;
    await d.restart();
  }
}

describe('sync property', () => {
  let srv: TestServer;
  // PGlite's start and migrations take seconds on a busy machine
  beforeAll(async () => {
    srv = await startTestServer('pglite', { restartable: true });
  }, 120_000);
  afterAll(() => srv?.stop());

  /** Every timestamp of the server's sync records for these clients goes 8 days back; the refusals it holds for them. */
  async function ageRecords(clients: Iterable<string>): Promise<string[]> {
    const ids = [...clients];
    const columns = await srv.sql.query<{ table_name: string; column_name: string }>(
      `select c.table_name, c.column_name from information_schema.columns c
       where c.table_schema = 'public' and starts_with(c.table_name, 'sync_') and c.data_type like 'timestamp%'
         and exists (select 1 from information_schema.columns k
                     where k.table_schema = 'public' and k.table_name = c.table_name and k.column_name = 'client_id')`,
    );
    for (const { table_name, column_name } of columns) {
      await srv.sql.query(`update public.${table_name} set ${column_name} = ${column_name} - interval '8 days' where client_id = any($1::uuid[])`, [ids]);
    }
    const refused = await srv.sql.query<{ key: string }>(
      `select client_id || '/' || mutation_id as key from public.sync_mutations where client_id = any($1::uuid[]) and status = 'refused'`,
      [ids],
    );
    return refused.map((r) => r.key);
  }

  it(`three devices converge with the server under faults (${NUM_RUNS} runs)`, async () => {
    let runIndex = 0;
    const failures: { run: number; error: string; input: string }[] = [];
    const stats = emptyStats();
    const setupArb = fc.record({
      share: fc.constantFrom(null, 'editor', 'viewer') as fc.Arbitrary<'editor' | 'viewer' | null>,
      benShares: fc.constantFrom(null, null, 'editor', 'viewer') as fc.Arbitrary<'editor' | 'viewer' | null>,
      seedTasks: fc.nat(3),
      weekly: fc.boolean(),
      pullLimits: fc.tuple(pullLimit, pullLimit, pullLimit),
    });
    const property = fc.asyncProperty(setupArb, fc.array(stepArb, { minLength: 8, maxLength: 30 }), async (setup, steps) => {
      runIndex++;
      const [ann, ben] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
      // sign-up's session serves the first device of each user (sign-in hashes a password: slow)
      const devices = await Promise.all([
        connectDevice(srv, ann, `r${runIndex}-ann-phone`, { session: ann, pullLimit: setup.pullLimits[0] }),
        connectDevice(srv, ann, `r${runIndex}-ann-laptop`, { pullLimit: setup.pullLimits[1] }),
        connectDevice(srv, ben, `r${runIndex}-ben-phone`, { session: ben, pullLimit: setup.pullLimits[2] }),
      ]);
      const otherOf = (d: Device) => (d.userId === ann.userId ? ben : ann);
      const answers: Answer[] = [];
      const clientOf = new Map<Device, string>();
      const run = emptyStats();
      joinedByLink = 0;
      madeTokens = [];
      serverNotifications = async (userId) =>
        (await srv.sql.query<{ id: string }>(`select id::text as id from public.notifications where recipient = $1 order by at desc, id`, [userId])).map((r) => r.id);
      let serverDown: unknown = null;
      // refusals the server held when their records were aged past seven days
      const aged = new Set<string>();
      // clients the server has refused a change of since their last pull: every other time, the
      // server's records age eight days before that pull leaves
      const refusedSincePull = new Map<string, number>();
      const noteRefusals = (client: string, results: { id: number; status: string }[]) => {
        const first = results.find((r) => r.status === 'refused');
        if (first && !refusedSincePull.has(client)) refusedSincePull.set(client, first.id);
      };

      /** Between two pages of `d`'s pull: its user loses a shared list, by its owner's hand or leaving on another device. */
      async function removeMidPull(d: Device, pick: number): Promise<string | null> {
        const rows = await srv.sql.query<{ list_id: string; owner_id: string }>(
          `select m.list_id::text, l.owner_id::text from public.list_members m join public.lists l on l.id = m.list_id
           where m.user_id = $1 and m.deleted_at is null and m.role <> 'owner' order by m.list_id`,
          [d.userId],
        );
        const row = at(rows, pick);
        if (!row) return null;
        const ways = [
          { how: 'left', by: devices.filter((o) => o !== d && o.userId === d.userId), act: (o: Device) => listOps.leave(row.list_id, o.db) },
          { how: 'removed', by: devices.filter((o) => o.userId === row.owner_id), act: (o: Device) => memberOps.remove(row.list_id, d.userId, o.db) },
        ];
        if (pick % 2) ways.reverse();
        for (const { how, by, act } of ways) {
          for (const o of by) {
            // a device that holds the list (the owner's other device may not have pulled it yet)
            if (!(await o.db.lists.get(row.list_id))) continue;
            if ((await refusedLocally(() => act(o))) !== null) continue;
            await o.transport.clean(() => o.sync());
            return how;
          }
        }
        return null;
      }

      /** A removal mid-pull waits on a device whose user has a shared list to lose, if there is one. */
      /** Another device that holds a task `d` holds deletes it and syncs; `d` edits it `edits` times (refused by the server, unless the delete was not possible). */
      async function conflict(d: Device, step: { task: number; edits: number; late: boolean }): Promise<void> {
        const live = (await d.db.tasks.toArray()).filter((t) => !t.deleted_at).sort((a, b) => a.id.localeCompare(b.id));
        const task = at(live, step.task);
        if (!task) return;
        for (const o of devices) {
          const theirs = o === d ? undefined : await o.db.tasks.get(task.id);
          if (!theirs || theirs.deleted_at) continue;
          if ((await refusedLocally(() => taskOps.delete(task.id, o.db))) !== null) continue;
          await o.transport.clean(() => o.sync());
          run.conflicts++;
          break;
        }
        for (let i = 0; i < step.edits; i++) await refusedLocally(() => taskOps.update(task.id, { notes: `edit ${i + 1} of ${step.edits}` }, d.db));
        if (!step.late) return;
        d.transport.inject('timeout');
        await syncOnce(d);
      }

      async function race(d: Device, step: { task: number; rule: boolean }): Promise<void> {
        const live = (await d.db.tasks.toArray()).filter((t) => !t.deleted_at && !t.done && t.repeat && t.due_date).sort((a, b) => a.id.localeCompare(b.id));
        const task = at(live, step.task);
        if (!task) return;
        for (const o of devices) {
          const theirs = o === d ? undefined : await o.db.tasks.get(task.id);
          if (!theirs || theirs.deleted_at || theirs.done || theirs.due_date !== task.due_date || !theirs.repeat) continue;
          const rule = theirs.repeat === 'FREQ=WEEKLY;BYDAY=MO' ? 'FREQ=DAILY' : 'FREQ=WEEKLY;BYDAY=MO';
          const edit = step.rule ? () => taskOps.update(task.id, { repeat: rule }, o.db) : () => completeOccurrence(o, theirs);
          if ((await refusedLocally(edit)) !== null) continue;
          await o.transport.clean(() => o.sync());
          run.races++;
          break;
        }
        await refusedLocally(async () => {
          const done = await completeOccurrence(d, task);
          if (done && !step.rule) await taskOps.undoOccurrence(done, d.db);
        });
      }

      async function undoRace(d: Device, step: { task: number; turn: boolean }): Promise<void> {
        const live = (await d.db.tasks.toArray()).filter((t) => !t.deleted_at && !t.done && t.repeat && t.due_date).sort((a, b) => a.id.localeCompare(b.id));
        let task: { id: string; repeat?: string | null; due_date: string | null } | undefined = at(live, step.task);
        if (!step.turn) {
          // the person's other device, which sees every task of theirs
          const o = devices.find((x) => x !== d && x.userId === d.userId) ?? devices.find((x) => x !== d)!;
          if (!task) {
            if ((await refusedLocally(async () => (task = await taskOps.create({ title: 'Daily chore', due_date: TODAY, repeat: 'FREQ=DAILY' }, d.db)))) !== null) return;
            await d.transport.clean(() => d.sync());
            await o.transport.clean(() => o.sync());
          }
          const chore = task;
          if (!chore) return;
          // the other device ticks a step of it and syncs; this one, not knowing, completes and undoes
          const theirs = await o.db.tasks.get(chore.id);
          if (!theirs || theirs.deleted_at) return;
          const made = await refusedLocally(async () => {
            const s = await stepOps.create(chore.id, 'ticked elsewhere', o.db);
            await stepOps.setDone(s.id, true, o.db);
          });
          if (made !== null) return;
          await o.transport.clean(() => o.sync());
          run.undoRaces++;
          await refusedLocally(async () => {
            const done = await completeOccurrence(d, chore);
            if (done) await taskOps.undoOccurrence(done, d.db);
          });
          return;
        }
        // taking turns: this device completes (the turn moves on) and syncs; another device (the
        // other person's, or this person's other one) hands it back by hand and syncs; this one,
        // not knowing, undoes
        const other = otherOf(d).userId;
        // a repeating task on a list the other person is on (the turn can go to them)
        const shared = new Set((await d.db.members.toArray()).filter((m) => m.user_id === other).map((m) => m.list_id));
        const chore = at(live.filter((t) => shared.has(t.list_id)), step.task);
        if (!chore) return;
        if ((await refusedLocally(() => taskOps.update(chore.id, { turns: [d.userId, other] }, d.db))) !== null) return;
        const done = await completeOccurrence(d, chore).catch(() => null);
        if (!done) return;
        await d.transport.clean(() => d.sync());
        for (const o of devices) {
          if (o === d) continue;
          await o.transport.clean(() => o.sync());
          const now = await o.db.tasks.get(chore.id);
          if (!now || now.deleted_at || !now.turns || now.due_date !== done.next) continue;
          const back = now.turns.find((u) => u !== now.assignee);
          if (!back || (await refusedLocally(() => taskOps.update(chore.id, { assignee: back }, o.db))) !== null) continue;
          await o.transport.clean(() => o.sync());
          run.undoRaces++;
          break;
        }
        await refusedLocally(() => taskOps.undoOccurrence(done, d.db));
      }

      async function troubleTarget(step: { trouble: Trouble; pick: number }, d: Device): Promise<Device> {
        if (step.trouble !== 'member-removed') return d;
        const rows = await srv.sql.query<{ user_id: string }>(
          `select distinct user_id::text from public.list_members where user_id = any($1::uuid[]) and role <> 'owner' and deleted_at is null`,
          [[ann.userId, ben.userId]],
        );
        const members = new Set(rows.map((r) => r.user_id));
        return members.has(d.userId) ? d : (at(devices.filter((o) => members.has(o.userId)), step.pick) ?? d);
      }

      /** A push a server restart cut off: what the server committed of it is read back and recorded. */
      async function lostPush(req: PushRequest): Promise<string> {
        // the server that was cut off finishes (commits or not) before it closes
        await srv.settled();
        const decided = new Set(answers.filter((a) => a.client === req.clientId && a.status !== 'duplicate').map((a) => a.id));
        const rows = await srv.sql.query<{ mutation_id: string; status: 'applied' | 'refused'; error: MutationError | null }>(
          `select m.mutation_id::text, m.status, m.error from public.sync_mutations m where m.client_id = $1 and m.mutation_id = any($2::bigint[]) order by m.mutation_id`,
          [req.clientId, req.mutations.map((m) => m.id)],
        );
        // in the order the server applied them (by id within a push; not by the text)
        const fresh = rows.filter((r) => !decided.has(Number(r.mutation_id))).sort((a, b) => Number(a.mutation_id) - Number(b.mutation_id));
        const byId = new Map(req.mutations.map((m) => [m.id, m]));
        for (const r of fresh) {
          const id = Number(r.mutation_id);
          answers.push({ client: req.clientId, id, status: r.status, ...(r.error ? { error: r.error } : {}), mutation: byId.get(id)! });
        }
        noteRefusals(req.clientId, fresh.map((r) => ({ id: Number(r.mutation_id), status: r.status })));
        return fresh.length ? 'committed' : 'lost';
      }

      for (const d of devices) {
        const client = (await d.db.meta.get('client_id'))!.value as string;
        clientOf.set(d, client);
        d.transport.onServerAnswer = (req, out) => {
          if (out.kind !== 'ok') return;
          const byId = new Map(req.mutations.map((m) => [m.id, m]));
          for (const r of out.value.results) answers.push({ client: req.clientId, id: r.id, status: r.status, error: r.error, first_status: r.first_status, mutation: byId.get(r.id)! });
          noteRefusals(req.clientId, out.value.results);
        };
        // what the server held back: a page full of refusals acknowledges only up to the first one still to come
        d.transport.hooks.afterPull = async (req, out) => {
          if (out.kind !== 'ok') return;
          run.pulledRefusals += out.value.refused.length;
          if (!out.value.refused.length || out.value.refused.length < Math.min(req.limit ?? 1000, 1000)) return;
          const [row] = await srv.sql.query<{ last: string }>(`select last_mutation_id::text as last from public.sync_clients where client_id = $1`, [req.clientId]);
          if (row && out.value.last_mutation_id < Number(row.last)) run.heldAcks++;
        };
        d.transport.hooks.beforePull = async (req) => {
          const first = refusedSincePull.get(req.clientId);
          if (first === undefined) return;
          refusedSincePull.delete(req.clientId);
          if (!AGE || first % 2 === 0) return;
          for (const key of await ageRecords([req.clientId])) aged.add(key);
          run.agings++;
        };
        d.transport.hooks.restartServer = async (pick, send) => {
          const moment = RESTART_MOMENTS[pick % RESTART_MOMENTS.length]!;
          let sent!: () => void;
          const unless = new Promise<void>((resolve) => {
            sent = resolve;
          });
          const restarting = srv.restart({ ...moment, unless });
          void send().finally(sent);
          // a server that does not come back fails the run (the engine would only log it)
          await restarting.catch((err: unknown) => {
            serverDown ??= err;
            throw err;
          });
        };
        d.transport.hooks.lostPush = lostPush;
        d.transport.hooks.betweenPages = (pick) => removeMidPull(d, pick);
      }
      try {
        // a starting point worth editing: a few tasks on each device, maybe a list Ann shares with Ben, maybe one Ben shares with Ann
        const [annPhone, , benPhone] = devices as [Device, Device, Device];
        // the first of them a weekly task due on a Friday, when `weekly` (its occurrences to complete)
        const seeded = (i: number) => (setup.weekly && i === 0 ? { due_date: '2026-12-04', repeat: 'FREQ=WEEKLY;BYDAY=FR' } : {});
        for (const d of devices) for (let i = 0; i < setup.seedTasks; i++) await taskOps.create({ title: `${d.name} ${i}`, ...seeded(i) }, d.db);
        const answering: [Device, string][] = [];
        if (setup.share) {
          const list = await listOps.create({ name: 'Shared', color: 'teal' }, annPhone.db);
          answering.push([benPhone, list.id]);
          for (let i = 0; i < setup.seedTasks; i++) await taskOps.create({ title: `Shared ${i}`, list_id: list.id, ...seeded(i) }, annPhone.db);
          await memberOps.invite(list.id, ben.email, setup.share, annPhone.db);
        }
        if (setup.benShares) {
          // so that Ann has a list to leave (on one device, while the other pulls)
          const list = await listOps.create({ name: 'Ben’s', color: 'green' }, benPhone.db);
          await taskOps.create({ title: 'From Ben', list_id: list.id }, benPhone.db);
          await memberOps.invite(list.id, ann.email, setup.benShares, benPhone.db);
          answering.push([annPhone, list.id]);
        }
        if (setup.share || setup.benShares) {
          await annPhone.sync();
          await benPhone.sync();
          // each accepts the other's invitation (SPEC §13.1), then the lists come down
          for (const [d, listId] of answering) await invitationOps.accept(listId, d.db);
          await benPhone.sync();
          await annPhone.sync();
          if (setup.share) await benPhone.sync();
        }
        for (const step of steps) {
          if (step.kind === 'age') {
            for (const key of await ageRecords(clientOf.values())) aged.add(key);
            run.agings++;
            continue;
          }
          const d = devices[step.device]!;
          if (step.kind === 'edit') {
            const r = await perform(d, otherOf(d), step.op);
            if (process.env.DEBUG_PROPERTY) console.log(d.name, step.op.op, r);
          }
          else if (step.kind === 'network') d.transport.offline = !step.online;
          else if (step.kind === 'faults') d.transport.inject(...step.faults);
          else if (step.kind === 'trouble') (await troubleTarget(step, d)).transport.arm({ trouble: step.trouble, pick: step.pick });
          else if (step.kind === 'restart') await d.restart();
          else if (step.kind === 'conflict') await conflict(d, step);
          else if (step.kind === 'race') await race(d, step);
          else if (step.kind === 'undo-race') await undoRace(d, step);
          else await syncOnce(d);
          if (process.env.DEBUG_PROPERTY && step.kind !== 'edit') console.log(d.name, JSON.stringify(step));
          if (serverDown) throw serverDown;
        }

        // Heal: network back, no more faults, sync until nothing is queued anywhere. Trouble
        // still armed may fire in the first round (it needs a push or a paged pull to happen).
        for (const d of devices) d.transport.heal({ keepTrouble: true });
        // and whatever the server holds for the devices is eight days old by the time they are back
        if (AGE) for (const key of await ageRecords(clientOf.values())) aged.add(key);
        for (let round = 0; round < 8; round++) {
          for (const d of devices) await syncOnce(d);
          if (round === 0) for (const d of devices) d.transport.disarm();
          if (serverDown) throw serverDown;
          if ((await Promise.all(devices.map((d) => d.db.outbox.count()))).every((n) => n === 0)) break;
        }
        for (const d of devices) await d.sync();
        // A takeover's retiring run goes on in the background until its device's next sync, and
        // trouble armed on it may fire there (another device's user removing this one from a
        // list) after the devices before it in this loop have synced: once every device's runs
        // are over, each syncs once more.
        for (const d of devices) await d.sync();
        // every link made in the run is passed on once it has been sent: both people open it (a
        // revoked or refused one joins nobody, the owner stays owner), then the devices sync again
        if (madeTokens.length) {
          for (const token of madeTokens) for (const p of [ann, ben]) if ((await p.client.rpc('join_list', { p_token: token })).data) joinedByLink++;
          for (const d of devices) await d.sync();
        }
        run.runs++;
        run.steps += steps.length;
        for (const a of answers) run[a.status === 'applied' ? 'applied' : a.status === 'refused' ? 'refused' : 'duplicates']++;
        for (const d of devices) {
          const log = d.transport.log;
          run.faults += log.filter((l) => l.fault && FAULTS.includes(l.fault as Fault)).length;
          run.offline += log.filter((l) => l.fault === 'offline').length;
          run.restarts += log.filter((l) => l.fault === 'crash').length;
          run.pages += log.filter((l) => l.midPull).length;
          run.interruptedPulls += log.filter((l) => l.kind === 'pull' && INTERRUPTING.includes(l.fault as Fault) && (l.midPull || l.hidMore)).length;
          run.takeovers += log.filter((l) => l.fault === 'takeover').length;
          run.takeoversDuring += log.filter((l) => l.fault === 'takeover-during').length;
          run.fencedWrites += d.fencedWrites;
          run.serverRestarts += log.filter((l) => l.fault === 'server-restart').length;
          run.restartCommitted += log.filter((l) => l.fault === 'server-restart' && l.note === 'committed').length;
          run.restartLost += log.filter((l) => l.fault === 'server-restart' && l.note === 'lost').length;
          run.removedMidPull += log.filter((l) => l.fault === 'member-removed' && l.note === 'removed').length;
          run.leftMidPull += log.filter((l) => l.fault === 'member-removed' && l.note === 'left').length;
        }
        run.restarts += steps.filter((s) => s.kind === 'restart').length;
        if (answers.some((a) => a.status === 'applied' && a.mutation.name === 'invitation.accept')) run.shared++;
        run.links += answers.filter((a) => a.status === 'applied' && a.mutation.name === 'link.create').length;
        run.feeds += answers.filter((a) => a.status === 'applied' && a.mutation.name === 'feed.create').length;
        run.linkJoins += joinedByLink;
        joinedByLink = 0;
        run.agedRefusals += aged.size;

        // 1. nothing queued; every device shows what the server shows its user
        for (const d of devices) {
          expect(await d.db.outbox.count(), `${d.name} outbox`).toBe(0);
          expect(await deviceView(d.db), `${d.name} equals the server`).toEqual(await serverView(d));
        }

        // 2. each change applied or refused exactly once; refusals are all in the refused lists
        const decided = new Map<string, Answer>();
        for (const a of answers) {
          if (a.status === 'duplicate') continue;
          const key = `${a.client}/${a.id}`;
          expect(decided.has(key), `change ${key} decided twice`).toBe(false);
          decided.set(key, a);
        }
        for (const d of devices) {
          const client = clientOf.get(d)!;
          const next = (await d.db.meta.get('next_mutation_id'))!.value as number;
          const refusedRows = await d.db.refused.toArray();
          // refused by the device itself (SPEC §12: a change the server keeps failing on, or
          // cannot read, is refused, not retried for ever): then the server never decided it
          const local = new Set(refusedRows.filter((r) => !decided.has(`${client}/${r.id}`) && LOCAL_REFUSAL.test(r.error.message)).map((r) => r.id));
          run.localRefusals += local.size;
          for (let id = 1; id < next; id++) expect(decided.has(`${client}/${id}`) || local.has(id), `${d.name} change ${id} never reached the server`).toBe(true);
          const refusedHere = refusedRows.map((r) => r.id).filter((id) => !local.has(id)).sort((a, b) => a - b);
          const refusedThere = [...decided.values()].filter((a) => a.client === client && a.status === 'refused').map((a) => a.id).sort((a, b) => a - b);
          expect(refusedHere, `${d.name} refused list`).toEqual(refusedThere);
          // and told once each: a 'refused' event of one of the device's tabs (a run that ended
          // early says what it stored too)
          const told = d.events.flatMap((e) => (e.type === 'refused' ? e.items.map((r) => r.id) : [])).sort((a, b) => a - b);
          expect(told, `${d.name} refusals told`).toEqual(refusedRows.map((r) => r.id).sort((a, b) => a - b));
        }
        // a replay is answered with the first answer, when the server still remembers it
        for (const a of answers) {
          if (a.status !== 'duplicate' || !a.first_status || a.first_status === 'unknown') continue;
          const first = decided.get(`${a.client}/${a.id}`);
          expect({ status: a.first_status, error: a.error }, `replay of ${a.client}/${a.id}`).toEqual({ status: first?.status, error: first?.error });
        }
        // a create sent twice and applied twice would come back refused as "id already in use"
        for (const a of decided.values()) expect(a.error?.message ?? '', `change ${a.client}/${a.id}`).not.toMatch(/already in use/);

        // 3. the applied changes, in server order, on the model give the server's rows
        const model = emptyModel(new Map([ann, ben].map((u) => [u.email.toLowerCase(), u.userId])));
        const userOfClient = new Map([...clientOf].map(([d, c]) => [c, d.userId]));
        for (const a of answers) {
          const undo = a.status === 'applied' && a.mutation.name === 'task.uncomplete_occurrence' ? a.mutation.args.id : null;
          const before = undo ? JSON.stringify(model.tasks.get(undo)) : '';
          if (a.status === 'applied') applyToModel(model, a.mutation, userOfClient.get(a.client));
          else if (a.status === 'refused') expect(wrongRefusal(model, a.mutation, a.error), `refusal of ${a.client}/${a.id}`).toBeNull();
          if (undo) run[before === JSON.stringify(model.tasks.get(undo)) ? 'undosNoop' : 'undos']++;
        }
        run.stale += answers.filter((a) => a.status === 'refused' && a.error?.code === 'stale').length;
        const server = await serverRows(devices);
        for (const [id, t] of model.tasks) {
          const row = server.tasks.get(id);
          expect(row, `task ${id} missing on the server`).toBeDefined();
          expect(
            { list_id: row!.list_id, title: row!.title, notes: row!.notes, due_date: row!.due_date, due_time: row!.due_time, priority: row!.priority, done: row!.done, position: row!.position, deleted: row!.deleted_at !== null, repeat: row!.repeat ?? null, repeat_anchor: row!.repeat_anchor ?? null, last_completion: row!.last_completion ?? null, assignee: row!.assignee ?? null, turns: row!.turns ?? null, deadline: row!.deadline ?? null, steps_start_over: row!.steps_start_over ?? true, duration_min: row!.duration_min ?? null },
            `task ${id}`,
          ).toEqual({ list_id: t.list_id, title: t.title, notes: t.notes, due_date: t.due_date, due_time: t.due_time, priority: t.priority, done: t.done, position: t.position, deleted: t.deleted, repeat: t.repeat, repeat_anchor: t.repeat_anchor, last_completion: t.last_completion, assignee: t.assignee, turns: t.turns, deadline: t.deadline, steps_start_over: t.steps_start_over, duration_min: t.duration_min });
        }
        for (const [id, l] of model.lists) {
          const row = server.lists.get(id);
          expect(row, `list ${id} missing on the server`).toBeDefined();
          expect({ name: row!.name, color: row!.color, position: row!.position, deleted: row!.deleted_at !== null }, `list ${id}`).toEqual(l);
        }
        expect(server.tasks.size, 'the server has no task the model lacks').toBe(model.tasks.size);
        // each step's tick: an Undo ticks again exactly the steps its completion unticked
        const stepRows = await srv.sql.query<{ id: string; done: boolean }>(`select id::text as id, done from public.steps where id::text = any(string_to_array($1, ','))`, [[...model.steps.keys()].join(',')]);
        expect(Object.fromEntries(stepRows.map((r) => [r.id, r.done])), 'steps ticked').toEqual(Object.fromEntries([...model.steps].map(([id, st]) => [id, st.done])));
        // 4. an assignee, and everyone in a turn order, is a live member of the task's list
        const strays = await srv.sql.query<{ id: string; who: string }>(
          `select t.id::text as id, w.who::text as who from public.tasks t
             cross join lateral unnest(array[t.assignee] || coalesce(t.turns, '{}')) w(who)
           where w.who is not null and t.created_by::text = any(string_to_array($1, ','))
             and not exists (select 1 from public.list_members m where m.list_id = t.list_id and m.user_id = w.who and m.deleted_at is null)`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(strays, 'assignees and turns are members of the list').toEqual([]);
        run.assigned += [...model.tasks.values()].filter((t) => t.assignee !== null).length;
        run.turns += [...model.tasks.values()].filter((t) => t.turns !== null).length;
        // each person's reminders: the model's offsets, in their task's list (a move carries them)
        const reminderRows = await srv.sql.query<{ task_id: string; user_id: string; list_id: string; offset_minutes: number | null }>(
          `select r.task_id::text as task_id, r.user_id::text as user_id, r.list_id::text as list_id, r.offset_minutes
           from public.reminders r where r.user_id::text = any(string_to_array($1, ','))`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(Object.fromEntries(reminderRows.map((r) => [`${r.user_id}/${r.task_id}`, r.offset_minutes])), 'reminders').toEqual(Object.fromEntries(model.reminders));
        for (const r of reminderRows) expect(r.list_id, `reminder ${r.user_id}/${r.task_id} list`).toBe(model.tasks.get(r.task_id)?.list_id);
        run.reminders += reminderRows.length;
        // each person's labels on tasks: the model's, in their task's list (a move carries them)
        const labelRows = await srv.sql.query<{ task_id: string; user_id: string; label_id: string; list_id: string; on: boolean }>(
          `select g.task_id::text as task_id, g.user_id::text as user_id, g.label_id::text as label_id, g.list_id::text as list_id, g.deleted_at is null as on
           from public.task_labels g where g.user_id::text = any(string_to_array($1, ','))`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(Object.fromEntries(labelRows.map((r) => [`${r.user_id}/${r.task_id}/${r.label_id}`, r.on])), 'task labels').toEqual(Object.fromEntries(model.taskLabels));
        for (const r of labelRows) expect(r.list_id, `label ${r.label_id} on ${r.task_id} list`).toBe(model.tasks.get(r.task_id)?.list_id);
        run.taskLabels += labelRows.length;
        // each person's chosen name and colour: the last profile.update in server order
        const profileRows = await srv.sql.query<{ user_id: string; display_name: string | null; color: string | null }>(
          `select p.user_id::text as user_id, p.display_name, p.color from public.profiles p where p.user_id::text = any(string_to_array($1, ','))`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(Object.fromEntries(profileRows.map((r) => [r.user_id, { display_name: r.display_name, color: r.color }])), 'profiles').toEqual(Object.fromEntries(model.profiles));
        // comments: the model's, each in its task's list (a move carries them)
        const commentRows = await srv.sql.query<{ id: string; task_id: string; list_id: string; body: string; deleted: boolean; deleted_with_task: boolean }>(
          `select c.id::text as id, c.task_id::text as task_id, c.list_id::text as list_id, c.body, c.deleted_at is not null as deleted, c.deleted_with_task
           from public.comments c where c.author_id::text = any(string_to_array($1, ','))`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(
          Object.fromEntries(commentRows.map((r) => [r.id, { body: r.body, deleted: r.deleted, deleted_with_task: r.deleted_with_task }])),
          'comments',
        ).toEqual(Object.fromEntries([...model.comments].map(([id, c]) => [id, { body: c.body, deleted: c.deleted, deleted_with_task: c.deleted_with_task }])));
        for (const r of commentRows) expect(r.list_id, `comment ${r.id} list`).toBe(model.tasks.get(r.task_id)?.list_id);
        run.comments += commentRows.length;
        // 5. notifications (SPEC §17): every device holds exactly its person's rows on the server,
        // read alike, and one is read on the server iff a read mark of that person covered it
        const noteRows = await srv.sql.query<{ id: string; recipient: string; kind: string; at: string; read: boolean }>(
          `select n.id::text as id, n.recipient::text as recipient, n.kind, to_char(n.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, n.read_at is not null as read
           from public.notifications n where n.recipient::text = any(string_to_array($1, ','))`,
          [[ann.userId, ben.userId].join(',')],
        );
        for (const d of devices) {
          const held = (await d.db.notifications.toArray()).map((n) => [n.id, { kind: n.kind, read: n.read_at !== null }] as const);
          const theirs = noteRows.filter((r) => r.recipient === d.userId).map((r) => [r.id, { kind: r.kind, read: r.read }] as const);
          expect(Object.fromEntries(held), `${d.name} notifications`).toEqual(Object.fromEntries(theirs));
        }
        expect(
          Object.fromEntries(noteRows.map((r) => [r.id, r.read])),
          'notifications read on the server iff marked',
        ).toEqual(Object.fromEntries(noteRows.map((r) => [r.id, notificationRead(model, r.recipient, r.id, r.at)])));
        // the 'assigned' ones: one each time a live task was handed to someone other than who did it
        const assignedRows = await srv.sql.query<{ key: string; n: number }>(
          `select n.recipient::text || '/' || n.task_id::text as key, count(*)::int as n from public.notifications n
           where n.kind = 'assigned' and n.recipient::text = any(string_to_array($1, ',')) group by 1`,
          [[ann.userId, ben.userId].join(',')],
        );
        expect(Object.fromEntries(assignedRows.map((r) => [r.key, r.n])), "'assigned' notifications").toEqual(Object.fromEntries(model.assignedNotes));
        run.assignedNotes += assignedRows.reduce((sum, r) => sum + r.n, 0);
        run.notifications += noteRows.length;
        run.readNotifications += noteRows.filter((r) => r.read).length;
        const marks = answers.filter((a) => a.status === 'applied' && (a.mutation.name === 'notification.read' || a.mutation.name === 'notification.read_all'));
        run.readMarks += marks.length;
        run.readAlls += marks.filter((a) => a.mutation.name === 'notification.read_all').length;
        // counted only for runs that passed (a shrinking failure replays its steps many times)
        for (const k of Object.keys(run) as (keyof Stats)[]) stats[k] += run[k];
      } catch (err) {
        // shrinking may end on another failure than the first: keep the first one to tell
        if (!failures.length) failures.push({ run: runIndex, error: err instanceof Error ? (err.stack ?? err.message) : String(err), input: JSON.stringify([setup, steps]) });
        throw err;
      } finally {
        for (const d of devices) await d.close();
        for (const d of devices) await d.db.delete();
      }
    });
    const started = Date.now();
    const report = (passed: boolean) => {
      const line = { seed: SEED, numRuns: NUM_RUNS, passed, seconds: Math.round((Date.now() - started) / 1000), ...stats };
      if (STATS_FILE) appendFileSync(STATS_FILE, `${JSON.stringify(line)}\n`);
      return line;
    };
    try {
      await fc.assert(property, { numRuns: NUM_RUNS, seed: SEED, endOnFailure: false, ...(PATH ? { path: PATH } : {}) });
      console.log(`sync property: seed ${SEED}, ${JSON.stringify(report(true))}`);
    } catch (err) {
      report(false);
      console.error(`sync property failed — replay with SEED=${SEED} NUM_RUNS=${NUM_RUNS} (add PROPERTY_PATH=<path below> for the shrunk case)`);
      const first = failures[0];
      if (first) console.error(`the first failure (run ${first.run}): ${first.error}\n  its input: ${first.input}`);
      throw err;
    }
  }, Math.max(300_000, NUM_RUNS * 4000));
});
