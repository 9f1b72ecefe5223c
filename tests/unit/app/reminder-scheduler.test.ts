import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, type SchedulerDeps, type SchedulerInputs, startReminderScheduler } from '@/app/reminders/scheduler';
import type { ReminderNotification } from '@/domain/reminders/notification';
import { readReminderPush } from '@/sw/push';
import { type DuePush, pushMessage } from '../../../supabase/functions/_shared/push-payload';

const T = (s: string) => Date.parse(s);

/** A fake clock with timers, the inputs as a settable value, and the shown record as a set. */
function harness(start: string, initial: SchedulerInputs) {
  let now = T(start);
  const timers = new Map<number, { at: number; fn: () => void }>();
  let seq = 0;
  const shownKeys = new Set<string>();
  const shown: { title: string; body: string; tag: string; at: number }[] = [];
  let push: ((inputs: SchedulerInputs) => void) | null = null;
  let remindAt = '09:00';
  const deps: SchedulerDeps = {
    observeInputs(cb) {
      push = cb;
      cb(initial);
      return () => {
        push = null;
      };
    },
    now: () => now,
    setTimeout(fn, ms) {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => void timers.delete(h as number),
    timeZone: () => 'Europe/London',
    remindAt: () => remindAt,
    async claim(key) {
      if (shownKeys.has(key)) return false;
      shownKeys.add(key);
      return true;
    },
    async show(n: ReminderNotification) {
      shown.push({ title: n.title, body: n.options.body, tag: n.options.tag, at: now });
    },
    userId: 'u1',
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    deps,
    shown,
    shownKeys,
    timers,
    settle,
    setInputs: async (i: SchedulerInputs) => {
      push?.(i);
      await settle();
    },
    setRemindAt: (v: string) => {
      remindAt = v;
    },
    /** Moves the clock to `to`, firing timers due on the way, in order. */
    async advanceTo(to: string) {
      const end = T(to);
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].fn();
        await settle();
        await settle();
      }
      now = end;
    },
  };
}

const task = (over: Partial<SchedulerInputs['tasks'][number]> = {}) => ({
  id: 't1',
  title: 'Call the plumber',
  list_name: 'Home',
  due_date: '2026-11-25',
  due_time: '14:30',
  done: false,
  deleted_at: null,
  ...over,
});
/** The shown keys the service worker claims for the server's push of t1's reminder firing at `fireAt`. */
function pushedKeys(fireAt: string): string[] {
  const row: DuePush = {
    subscription_id: 's1',
    endpoint: 'https://push.example/1',
    p256dh: 'k',
    auth: 'a',
    user_id: 'u1',
    time_zone: 'Europe/London',
    task_id: 't1',
    occurrence: '2026-11-25',
    fire_at: fireAt,
    title: 'Call the plumber',
    due_time: '14:30',
    list_name: 'Home',
    today: '2026-11-25',
    snoozed_until: null,
  };
  return readReminderPush(JSON.parse(JSON.stringify(pushMessage([row]))))?.shownKeys ?? [];
}
const reminder = (over = {}) => ({ task_id: 't1', offset_minutes: 15, snoozed_until: null, snoozed_occurrence: null, ...over });

describe('leader tab scheduler', () => {
  it('one timer to the next fire; shows at the fire time, once', async () => {
    const h = harness('2026-11-25T10:00:00Z', { tasks: [task()], reminders: [reminder()] });
    const s = startReminderScheduler(h.deps);
    await h.settle();
    expect(h.timers.size).toBe(1);
    expect(s.nextFireAt()).toBe(T('2026-11-25T14:15:00Z'));
    await h.advanceTo('2026-11-25T14:14:59Z');
    expect(h.shown).toEqual([]);
    await h.advanceTo('2026-11-25T14:16:00Z');
    expect(h.shown).toEqual([{ title: 'Call the plumber', body: 'Today at 14:30 · Home', tag: 'reminder:t1:2026-11-25', at: T('2026-11-25T14:15:00Z') }]);
    // a data change recomputes, and the shown record keeps it from showing again
    await h.setInputs({ tasks: [task({ title: 'Call the plumber!' })], reminders: [reminder()] });
    expect(h.shown).toHaveLength(1);
    expect(h.timers.size).toBe(1);
    s.stop();
    expect(h.timers.size).toBe(0);
  });

  it("with no reminder it does not ask the time zone (the first Intl call starts ICU, 20–30 ms at a cold start), and asks once one comes", async () => {
    const h = harness('2026-11-25T10:00:00Z', { tasks: [task()], reminders: [] });
    let asked = 0;
    const zone = h.deps.timeZone;
    h.deps.timeZone = () => {
      asked++;
      return zone();
    };
    const s = startReminderScheduler(h.deps);
    await h.settle();
    expect(asked).toBe(0);
    expect(s.nextFireAt()).toBeNull();
    await h.setInputs({ tasks: [task()], reminders: [reminder()] });
    expect(asked).toBeGreaterThan(0);
    expect(s.nextFireAt()).toBe(T('2026-11-25T14:15:00Z'));
    s.stop();
  });

  it('never waits longer than an hour for a far reminder (the clock may jump)', async () => {
    const h = harness('2026-11-20T10:00:00Z', { tasks: [task()], reminders: [reminder()] });
    startReminderScheduler(h.deps);
    await h.settle();
    expect([...h.timers.values()][0]?.at).toBe(T('2026-11-20T10:00:00Z') + MAX_WAIT_MS);
    await h.advanceTo('2026-11-25T14:15:00Z');
    expect(h.shown.map((s) => s.tag)).toEqual(['reminder:t1:2026-11-25']);
  });

  it('a missed reminder < 12 h late is shown once at start; older ones are not', async () => {
    const tasks = [task({ id: 'late', due_time: '09:00' }), task({ id: 'old', due_date: '2026-11-24', due_time: '08:00' })];
    const reminders = [reminder({ task_id: 'late', offset_minutes: 0 }), reminder({ task_id: 'old', offset_minutes: 0 })];
    const h = harness('2026-11-25T20:00:00Z', { tasks, reminders });
    const s = startReminderScheduler(h.deps);
    await h.settle();
    expect(h.shown.map((x) => [x.tag, x.body])).toEqual([['reminder:late:2026-11-25', 'Today at 09:00 · Home']]);
    s.stop();
    // a restart later the same evening: the record says it was shown
    const again = startReminderScheduler(h.deps);
    await h.settle();
    expect(h.shown).toHaveLength(1);
    again.stop();
  });

  it('completing a task before its time: nothing shows', async () => {
    const h = harness('2026-11-25T10:00:00Z', { tasks: [task()], reminders: [reminder()] });
    startReminderScheduler(h.deps);
    await h.settle();
    await h.setInputs({ tasks: [task({ done: true })], reminders: [reminder()] });
    await h.advanceTo('2026-11-25T18:00:00Z');
    expect(h.shown).toEqual([]);
  });

  it('a snooze shows the same tag again at its end', async () => {
    const h = harness('2026-11-25T14:14:00Z', { tasks: [task()], reminders: [reminder()] });
    startReminderScheduler(h.deps);
    await h.advanceTo('2026-11-25T14:16:00Z');
    await h.setInputs({ tasks: [task()], reminders: [reminder({ snoozed_until: '2026-11-25T14:26:00.000Z', snoozed_occurrence: '2026-11-25' })] });
    await h.advanceTo('2026-11-25T14:30:00Z');
    expect(h.shown.map((s) => [s.tag, new Date(s.at).toISOString()])).toEqual([
      ['reminder:t1:2026-11-25', '2026-11-25T14:15:00.000Z'],
      ['reminder:t1:2026-11-25', '2026-11-25T14:26:00.000Z'],
    ]);
  });

  it('"Remind at" changes move undated tasks on refresh', async () => {
    const h = harness('2026-11-25T07:00:00Z', { tasks: [task({ due_time: null })], reminders: [reminder({ offset_minutes: 0 })] });
    const s = startReminderScheduler(h.deps);
    await h.settle();
    expect(s.nextFireAt()).toBe(T('2026-11-25T09:00:00Z'));
    h.setRemindAt('08:15');
    s.refresh();
    await h.settle();
    expect(s.nextFireAt()).toBe(T('2026-11-25T08:15:00Z'));
    expect(h.timers.size).toBe(1);
    await h.advanceTo('2026-11-25T08:20:00Z');
    expect(h.shown.map((x) => x.body)).toEqual(['Today · Home']);
  });

  it('a reminder the other path already showed is not shown again', async () => {
    const h = harness('2026-11-25T14:10:00Z', { tasks: [task()], reminders: [reminder()] });
    // the push handler got there first: the keys it claims for the server's push of this firing
    for (const key of pushedKeys('2026-11-25T14:15:00+00:00')) h.shownKeys.add(key);
    startReminderScheduler(h.deps);
    await h.advanceTo('2026-11-25T14:20:00Z');
    expect(h.shown).toEqual([]);
  });

  it('a push for an earlier firing does not stop the moved one', async () => {
    const h = harness('2026-11-25T14:10:00Z', { tasks: [task({ due_time: '18:00' })], reminders: [reminder()] });
    for (const key of pushedKeys('2026-11-25T14:15:00+00:00')) h.shownKeys.add(key);
    startReminderScheduler(h.deps);
    await h.advanceTo('2026-11-25T17:46:00Z');
    expect(h.shown.map((s) => [s.tag, new Date(s.at).toISOString()])).toEqual([['reminder:t1:2026-11-25', '2026-11-25T17:45:00.000Z']]);
  });

  it('a reminder whose due time moved after it fired fires again at the new time, once', async () => {
    const h = harness('2026-11-25T14:00:00Z', { tasks: [task()], reminders: [reminder()] });
    const s = startReminderScheduler(h.deps);
    await h.advanceTo('2026-11-25T14:20:00Z');
    await h.setInputs({ tasks: [task({ due_time: '18:00' })], reminders: [reminder()] });
    expect(s.nextFireAt()).toBe(T('2026-11-25T17:45:00Z'));
    await h.advanceTo('2026-11-25T17:50:00Z');
    await h.setInputs({ tasks: [task({ due_time: '18:00', title: 'Call the plumber!' })], reminders: [reminder()] });
    await h.advanceTo('2026-11-25T19:00:00Z');
    expect(h.shown.map((x) => [x.tag, new Date(x.at).toISOString()])).toEqual([
      ['reminder:t1:2026-11-25', '2026-11-25T14:15:00.000Z'],
      ['reminder:t1:2026-11-25', '2026-11-25T17:45:00.000Z'],
    ]);
    s.stop();
  });
});
