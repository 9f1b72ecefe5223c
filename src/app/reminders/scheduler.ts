// The leader tab's reminder timer (SPEC §11.4; ARCHITECTURE "Reminders"). A service worker is
// stopped when idle and cannot keep timers, so one open tab keeps the device's schedule: it
// recomputes it whenever the inputs change (a data write in any tab, the "Remind at" setting)
// and keeps ONE timer, to the next fire. Each reminder is claimed in the shown record before it
// is shown, so a reminder the server's push already showed (or another tab that led before) is
// not shown again. No React, no DOM: everything it touches is handed in, so tests drive it with
// a fake clock.
import { dateIn, reminderSchedule, type ScheduledReminder, type ScheduleReminder } from '@/domain/reminders/schedule';
import { type ReminderNotification, reminderNotification } from '@/domain/reminders/notification';
import { inLanguage } from './reminder-words';

/** A timer never waits longer than this: the clock may jump (sleep, a changed system time). */
export const MAX_WAIT_MS = 60 * 60_000;

export interface SchedulerTask {
  id: string;
  title: string;
  list_name: string;
  due_date: string | null;
  due_time: string | null;
  done: boolean;
  deleted_at: string | null;
}

export interface SchedulerInputs {
  tasks: SchedulerTask[];
  reminders: ScheduleReminder[];
}

export interface SchedulerDeps {
  /** Calls back with the inputs now and after every change; returns the unsubscribe. */
  observeInputs(onInputs: (inputs: SchedulerInputs) => void): () => void;
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  timeZone(): string;
  remindAt(): string;
  /** Records the reminder as shown; false when it already was (then it is not shown). */
  claim(shownKey: string): Promise<boolean>;
  show(notification: ReminderNotification, entry: ScheduledReminder): Promise<void>;
  /** Whose database this is, for the notification's data (the service worker opens it). */
  userId: string | null;
}

export interface ReminderScheduler {
  /** Recompute now (e.g. "Remind at" changed). */
  refresh(): void;
  stop(): void;
  /** The next fire time the timer waits for, or null (for tests and the bench). */
  nextFireAt(): number | null;
}

export function startReminderScheduler(deps: SchedulerDeps): ReminderScheduler {
  let inputs: SchedulerInputs | null = null;
  let timer: unknown = null;
  let next: number | null = null;
  let stopped = false;
  // One run at a time; a change during a run asks for one more after it.
  let running = false;
  let again = false;

  async function run() {
    if (stopped || !inputs) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await runOnce(inputs);
      } while (again && !stopped);
    } finally {
      running = false;
    }
  }

  async function runOnce({ tasks, reminders }: SchedulerInputs) {
    if (timer !== null) deps.clearTimeout(timer);
    timer = null;
    const now = deps.now();
    // No reminder: nothing to schedule, and no time zone asked. The first Intl call a page makes
    // starts ICU (a long task), which a cold start would otherwise pay here before Today's first rows.
    let schedule: ScheduledReminder[] = [];
    let today = '';
    if (reminders.length) {
      const timeZone = deps.timeZone();
      try {
        schedule = reminderSchedule(tasks, reminders, { now, timeZone, remindAt: deps.remindAt() });
      } catch (err) {
        console.error('Reminder schedule failed', err);
        return;
      }
      today = dateIn(now, timeZone);
    }
    const byId = new Map(tasks.map((t) => [t.id, t]));
    for (const entry of schedule) {
      if (entry.fireAt > now || stopped) break;
      const task = byId.get(entry.taskId);
      if (!task || !(await deps.claim(entry.shownKey))) continue;
      const input = { taskId: task.id, title: task.title, occurrence: entry.occurrence, dueTime: task.due_time, listName: task.list_name, userId: deps.userId, today };
      const notification = inLanguage(reminderNotification(input), input);
      try {
        await deps.show(notification, entry);
      } catch (err) {
        console.error('Showing a reminder failed', err);
      }
    }
    if (stopped) return;
    const upcoming = schedule.find((e) => e.fireAt > now);
    next = upcoming?.fireAt ?? null;
    const wait = Math.min(next === null ? MAX_WAIT_MS : next - now, MAX_WAIT_MS);
    timer = deps.setTimeout(() => {
      timer = null;
      void run();
    }, Math.max(0, wait));
  }

  const unsubscribe = deps.observeInputs((value) => {
    inputs = value;
    void run();
  });

  return {
    refresh: () => void run(),
    nextFireAt: () => next,
    stop() {
      stopped = true;
      unsubscribe();
      if (timer !== null) deps.clearTimeout(timer);
      timer = null;
    },
  };
}
