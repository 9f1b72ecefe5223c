// A person's tasks as an iCalendar feed (RFC 5545, SPEC §19), as calendar apps read it: one
// VEVENT per dated task (all-day on its date, or timed with its duration, 30 minutes if none), a
// repeat as one event with its RRULE from the current occurrence (./ical-rrule.ts), its deadline as
// an all-day "Deadline: <title>" event, its reminder as a VALARM, a stable UID and a URL back to
// the task. At most `maxEvents`, in the order given (the caller sends the nearest first).
// Pure; imports only its neighbours (the app has an identical copy: see README.md).
import type { CalendarWords } from './calendar-words.ts';
import { repeatFrom } from './ical-rrule.ts';
import { addDaysIso, escapeText, foldLine, icalDate, icalLocal, icalUtc } from './ical-text.ts';
import { knownZone, localToUtc, vtimezone } from './ical-zone.ts';

/** A task as the feed query answers it (dates 'YYYY-MM-DD', time 'HH:MM'). */
export interface FeedTask {
  id: string;
  title: string;
  notes?: string | null;
  due_date: string | null;
  due_time: string | null;
  repeat?: string | null;
  repeat_anchor?: string | null;
  deadline?: string | null;
  /** Minutes; 30 when absent. */
  duration_min?: number | null;
  /** The person's reminder: minutes before (0, 5, 15, 30, 60 or 1440), or none. */
  reminder?: number | null;
  updated_at: string;
}

export interface CalendarOptions {
  /** The calendar's name (the feed's). */
  name: string;
  /** IANA zone timed tasks are in; UTC when unknown. */
  timeZone?: string | null;
  /** The app's origin, for each event's URL (`<origin>/tasks/<id>`). */
  origin: string;
  words: CalendarWords;
  /** Stamped on the feed; its year picks the zone's rules. */
  now: number;
  maxEvents?: number;
}

export const MAX_FEED_EVENTS = 5000;
export const DEFAULT_DURATION_MIN = 30;
/** When a reminder of a task without a time fires: Daybook's default "Remind at". */
const ALL_DAY_REMIND_AT_MIN = 9 * 60;

function duration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `PT${h ? `${h}H` : ''}${m || !h ? `${m}M` : ''}`;
}

function alarm(title: string, trigger: string, words: CalendarWords): string[] {
  return ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(`${words.reminder}: ${title}`)}`, `TRIGGER:${trigger}`, 'END:VALARM'];
}

function common(uid: string, task: FeedTask, summary: string, url: string): string[] {
  const stamp = icalUtc(Date.parse(task.updated_at) || 0);
  const lines = [`UID:${uid}`, `DTSTAMP:${stamp}`, `LAST-MODIFIED:${stamp}`, `SUMMARY:${escapeText(summary)}`, `URL:${url}`];
  if (task.notes) lines.push(`DESCRIPTION:${escapeText(task.notes)}`);
  return lines;
}

/** The task's own event: all-day or timed, repeating or not. */
function taskEvent(task: FeedTask, o: CalendarOptions, zone: string, url: string): { lines: string[]; zoned: boolean } {
  const date = task.due_date!;
  const lines = ['BEGIN:VEVENT', ...common(`${task.id}@daybook`, task, task.title, url)];
  const repeat = task.repeat && task.repeat_anchor ? repeatFrom(task.repeat, task.repeat_anchor, date) : { kind: 'single' as const };
  const series = repeat.kind === 'rrule' ? repeat : null;
  const start = series?.start ?? date;
  const rule = (until: string) => (series?.parts ? [`RRULE:${series.parts}${series.until ? `;UNTIL=${until}` : ''}`] : []);
  let zoned = false;
  if (task.due_time) {
    const time = task.due_time;
    const minutes = task.duration_min && task.duration_min > 0 ? task.duration_min : DEFAULT_DURATION_MIN;
    if (series && zone !== 'UTC') {
      zoned = true;
      lines.push(`DTSTART;TZID=${zone}:${icalLocal(start, time)}`);
      if (series.rdates.length) lines.push(`RDATE;TZID=${zone}:${series.rdates.map((d) => icalLocal(d, time)).join(',')}`);
    } else {
      lines.push(`DTSTART:${icalUtc(localToUtc(zone, start, time))}`);
      if (series?.rdates.length) lines.push(`RDATE:${series.rdates.map((d) => icalUtc(localToUtc(zone, d, time))).join(',')}`);
    }
    lines.push(`DURATION:${duration(minutes)}`);
    // UNTIL in UTC, as RFC 5545 asks of a zoned DTSTART: the last date's time there
    lines.push(...rule(series?.until ? icalUtc(localToUtc(zone, series.until, time)) : ''));
    if (task.reminder !== null && task.reminder !== undefined) lines.push(...alarm(task.title, task.reminder ? `-${duration(task.reminder)}` : 'PT0S', o.words));
  } else {
    lines.push(`DTSTART;VALUE=DATE:${icalDate(start)}`, `DTEND;VALUE=DATE:${icalDate(addDaysIso(start, 1))}`, 'TRANSP:TRANSPARENT');
    if (series?.rdates.length) lines.push(`RDATE;VALUE=DATE:${series.rdates.map(icalDate).join(',')}`);
    lines.push(...rule(series?.until ? icalDate(series.until) : ''));
    if (task.reminder !== null && task.reminder !== undefined) {
      const before = ALL_DAY_REMIND_AT_MIN - task.reminder;
      lines.push(...alarm(task.title, before >= 0 ? duration(before) : `-${duration(-before)}`, o.words));
    }
  }
  lines.push('END:VEVENT');
  return { lines, zoned };
}

function deadlineEvent(task: FeedTask, o: CalendarOptions, url: string): string[] {
  const date = task.deadline!;
  return [
    'BEGIN:VEVENT',
    ...common(`${task.id}-deadline@daybook`, task, o.words.deadline(task.title), url),
    `DTSTART;VALUE=DATE:${icalDate(date)}`,
    `DTEND;VALUE=DATE:${icalDate(addDaysIso(date, 1))}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** The whole calendar, CRLF lines folded at 75 octets. */
export function writeCalendar(tasks: readonly FeedTask[], o: CalendarOptions): string {
  const zone = o.timeZone && knownZone(o.timeZone) ? o.timeZone : 'UTC';
  const origin = o.origin.replace(/\/+$/, '');
  const max = o.maxEvents ?? MAX_FEED_EVENTS;
  // each event's lines folded as they are made (one string per line, no intermediate arrays)
  const events: string[] = [];
  const add = (lines: string[]) => {
    for (const line of lines) events.push(foldLine(line));
  };
  let count = 0;
  let zoned = false;
  for (const task of tasks) {
    const url = `${origin}/tasks/${encodeURIComponent(task.id)}`;
    if (task.due_date && count < max) {
      const e = taskEvent(task, o, zone, url);
      zoned ||= e.zoned;
      add(e.lines);
      count++;
    }
    if (task.deadline && count < max) {
      add(deadlineEvent(task, o, url));
      count++;
    }
    if (count >= max) break;
  }
  const name = escapeText(o.name);
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Daybook//Calendar feed//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `X-WR-TIMEZONE:${zone}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT15M',
    'X-PUBLISHED-TTL:PT15M',
    ...(zoned ? vtimezone(zone, new Date(o.now).getUTCFullYear()) : []),
  ];
  return `${head.map(foldLine).join('')}${events.join('')}${foldLine('END:VCALENDAR')}`;
}
