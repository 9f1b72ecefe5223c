// The feed's repeats, read by a parser Daybook does not write (ical.js): for each preset and a set
// of custom rules, the dates ical.js expands from the event over the next year are the dates
// Daybook's own expansion (src/domain/recurrence) gives from the task's current occurrence.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { formatRule, occurrences, parseRule, PRESETS, presetRule, type Rule } from '@/domain/recurrence';
import { addDays } from '@/lib/dates';
import { calendarWords } from '../../../supabase/functions/_shared/calendar/calendar-words.ts';
import { type FeedTask, writeCalendar } from '../../../supabase/functions/_shared/calendar/ical-writer.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

function feedOf(task: FeedTask, timeZone = 'Europe/Berlin'): string {
  return writeCalendar([task], { name: 'Mine', timeZone, origin: 'https://daybook.example', words: calendarWords('en'), now: NOW });
}

/** The local dates ical.js gives the task's event in [from, to]. */
function icalDates(text: string, from: string, to: string): string[] {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const vevent = cal.getAllSubcomponents('vevent').find((e) => !String(e.getFirstPropertyValue('uid')).includes('deadline'))!;
  const event = new ICAL.Event(vevent);
  const it = event.iterator();
  const out: string[] = [];
  for (let t = it.next(); t; t = it.next()) {
    const day = t.toString().slice(0, 10);
    if (day > to) break;
    if (day >= from) out.push(day);
    if (out.length > 800) break;
  }
  return out;
}

function task(rule: Rule, anchor: string, due: string, time: string | null = null): FeedTask {
  return { id: 'T1', title: 'Water the plants', due_date: due, due_time: time, repeat: formatRule(rule), repeat_anchor: anchor, updated_at: '2026-11-01T00:00:00Z' };
}

/** The series' third date (a current occurrence past the anchor), or the anchor when it has fewer. */
function currentOf(rule: Rule, anchor: string): string {
  const first = occurrences(rule, anchor, anchor, '2999-12-31', 3);
  return first[first.length - 1]!;
}

const ANCHORS = ['2026-01-31', '2026-02-28', '2024-02-29', '2026-03-29', '2026-10-25', '2026-12-07'];

const CUSTOM = [
  'FREQ=DAILY;INTERVAL=3',
  'FREQ=DAILY;COUNT=10',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
  'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU',
  'FREQ=WEEKLY;BYDAY=SA,SU;COUNT=9',
  'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270601',
  'FREQ=MONTHLY;BYMONTHDAY=31',
  'FREQ=MONTHLY;BYMONTHDAY=30;INTERVAL=2',
  'FREQ=MONTHLY;BYMONTHDAY=29',
  'FREQ=MONTHLY;BYMONTHDAY=30;COUNT=14',
  'FREQ=YEARLY;UNTIL=20300301',
  'FREQ=MONTHLY;BYMONTHDAY=-1',
  'FREQ=MONTHLY;BYDAY=2TU',
  'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6',
  'FREQ=MONTHLY;INTERVAL=3;BYDAY=4SU',
  'FREQ=YEARLY',
  'FREQ=YEARLY;INTERVAL=2;COUNT=4',
];

function check(rule: Rule, anchor: string, time: string | null) {
  const due = currentOf(rule, anchor);
  const to = addDays(due, 365);
  const want = occurrences(rule, anchor, due, to);
  const got = icalDates(feedOf(task(rule, anchor, due, time)), due, to);
  expect(got, `${formatRule(rule)} from ${anchor}, current ${due}${time ? ` at ${time}` : ''}`).toEqual(want);
}

describe('repeats in the feed, expanded by ical.js', () => {
  for (const { value } of PRESETS) {
    if (value === 'never' || value === 'custom') continue;
    it(`the ${value} preset gives Daybook's dates for a year, all-day and timed`, () => {
      for (const anchor of ANCHORS) {
        const rule = presetRule(value, anchor);
        check(rule, anchor, null);
        check(rule, anchor, '09:30');
      }
    });
  }

  for (const text of CUSTOM) {
    it(`custom ${text} gives Daybook's dates for a year`, () => {
      const parsed = parseRule(text);
      if (!parsed.ok) throw new Error(parsed.message);
      for (const anchor of ANCHORS) {
        check(parsed.rule, anchor, null);
        check(parsed.rule, anchor, '23:15');
      }
    });
  }

  it('an anchor off the pattern is the first date, the pattern after it', () => {
    const parsed = parseRule('FREQ=WEEKLY;BYDAY=MO,WE');
    if (!parsed.ok) throw new Error(parsed.message);
    const anchor = '2026-12-06'; // a Sunday
    const to = addDays(anchor, 365);
    expect(icalDates(feedOf(task(parsed.rule, anchor, anchor)), anchor, to)).toEqual(occurrences(parsed.rule, anchor, anchor, to));
  });

  it('a repeat from the day it is done is one event on its current occurrence', () => {
    const text = feedOf({ id: 'T1', title: 'Haircut', due_date: '2026-12-10', due_time: null, repeat: 'FREQ=WEEKLY;INTERVAL=3;FROM=DONE', repeat_anchor: '2026-11-01', updated_at: '2026-11-01T00:00:00Z' });
    expect(text).not.toContain('RRULE');
    expect(icalDates(text, '2026-01-01', '2028-01-01')).toEqual(['2026-12-10']);
  });

  it('a timed repeat keeps its wall-clock time across daylight-saving changes', () => {
    const parsed = parseRule('FREQ=WEEKLY;BYDAY=MO');
    if (!parsed.ok) throw new Error(parsed.message);
    const text = feedOf(task(parsed.rule, '2026-03-02', '2026-03-23', '09:00'), 'America/New_York');
    const cal = new ICAL.Component(ICAL.parse(text));
    for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const it = new ICAL.Event(cal.getFirstSubcomponent('vevent')!).iterator();
    const utc: string[] = [];
    for (let t = it.next(); t && utc.length < 40; t = it.next()) utc.push(t.toUnixTime().toString());
    const hours = utc.map((s) => new Date(Number(s) * 1000).toLocaleString('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }));
    expect(new Set(hours)).toEqual(new Set(['09:00']));
  });
});
