// The device's reminder schedule (SPEC §11.4), a pure function of tasks, reminders, the clock,
// the time zone and the "Remind at" setting. The leader tab recomputes it on every data change
// and keeps one timer to the next fire; the server's due-reminders query follows the same rules:
//  - fire = the occurrence's date at its due time (or at "Remind at" when the task has no time),
//    read as a wall-clock time in the person's zone, minus the offset. "1 day before" is the same
//    wall-clock time on the day before (a 09:00 task reminds at 09:00, also across a DST change,
//    where that day is 23 or 25 hours long); the other offsets are minutes before that instant.
//  - a wall time in the spring-forward gap moves forward by the gap; one that happens twice is the
//    first (occurrenceAt in src/domain/recurrence/zone.ts).
//  - the occurrence is the task's due date: for a repeating task that is its current occurrence,
//    and completing it advances the date, so the next one reminds.
//  - a snooze for the current occurrence replaces its fire time; a snooze for an occurrence the
//    task has moved past is over.
//  - done and deleted tasks, undated tasks and cleared reminders never fire.
//  - missed (the device was off or asleep): a reminder at most MISSED_WINDOW_MS late is still in
//    the schedule, to be shown once at the next start; an older one is dropped.
import { addDays } from '@/lib/dates.ts';
import { isoFromDay } from '../recurrence/calendar.ts';
import { occurrenceAt, zoneOffset } from '../recurrence/zone.ts';
import { reminderShownKey, reminderTag } from '@/domain/reminders/notification.ts';

export const MISSED_WINDOW_MS = 12 * 3_600_000;
export const DEFAULT_REMIND_AT = '09:00';
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface ScheduleTask {
  id: string;
  due_date: string | null;
  due_time: string | null;
  done: boolean;
  deleted_at: string | null;
}

export interface ScheduleReminder {
  task_id: string;
  offset_minutes: number | null;
  snoozed_until: string | null;
  snoozed_occurrence: string | null;
}

export interface ScheduleOptions {
  /** Epoch ms. */
  now: number;
  /** IANA zone, e.g. 'Europe/London'. */
  timeZone: string;
  /** 'HH:MM': when a task with a date and no time reminds. */
  remindAt: string;
}

export interface ScheduledReminder {
  /** The notification tag: reminder:<task id>:<occurrence>. */
  tag: string;
  /** The shown record's key: the tag and the fire time (a moved or snoozed reminder shows again). */
  shownKey: string;
  taskId: string;
  occurrence: string;
  /** Epoch ms. */
  fireAt: number;
  snoozed: boolean;
}

export function isRemindAt(value: unknown): value is string {
  return typeof value === 'string' && HH_MM.test(value);
}

/** The calendar date at `instant` in `zone`. */
export function dateIn(instant: number, zone: string): string {
  return isoFromDay(Math.floor((instant + zoneOffset(instant, zone)) / 86_400_000));
}

/** When one reminder fires, ignoring snoozes: see the rules above. */
export function fireTime(occurrence: string, dueTime: string | null, offsetMinutes: number, zone: string, remindAt: string): number {
  const time = dueTime ?? remindAt;
  if (offsetMinutes === 1440) return occurrenceAt(addDays(occurrence, -1), time, zone);
  return occurrenceAt(occurrence, time, zone) - offsetMinutes * 60_000;
}

/**
 * Every reminder still to show: not fired yet, or fired less than MISSED_WINDOW_MS ago (the caller
 * shows those now unless its shown record has them), ordered by fire time.
 */
export function reminderSchedule(
  tasks: Iterable<ScheduleTask>,
  reminders: Iterable<ScheduleReminder>,
  { now, timeZone, remindAt }: ScheduleOptions,
): ScheduledReminder[] {
  if (!isRemindAt(remindAt)) throw new RangeError(`"Remind at" must be a time HH:MM, got ${JSON.stringify(remindAt)}`);
  const byId = new Map<string, ScheduleTask>();
  for (const task of tasks) byId.set(task.id, task);
  const out: ScheduledReminder[] = [];
  for (const reminder of reminders) {
    const task = byId.get(reminder.task_id);
    if (reminder.offset_minutes === null || !task || task.done || task.deleted_at || !task.due_date) continue;
    const occurrence = task.due_date;
    const tag = reminderTag(task.id, occurrence);
    const snoozedUntil = reminder.snoozed_occurrence === occurrence && reminder.snoozed_until ? Date.parse(reminder.snoozed_until) : Number.NaN;
    const snoozed = !Number.isNaN(snoozedUntil);
    const fireAt = snoozed ? snoozedUntil : fireTime(occurrence, task.due_time, reminder.offset_minutes, timeZone, remindAt);
    if (now - fireAt >= MISSED_WINDOW_MS) continue;
    out.push({
      tag,
      shownKey: reminderShownKey(tag, fireAt),
      taskId: task.id,
      occurrence,
      fireAt,
      snoozed,
    });
  }
  return out.sort((a, b) => a.fireAt - b.fireAt || (a.tag < b.tag ? -1 : 1));
}
