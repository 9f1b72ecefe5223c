// Reminders fire at the wall-clock time in the user's zone on every occurrence, DST or not: a
// time skipped by spring-forward moves forward by the gap, a time that happens twice at fall-back
// is the first of the two. Expected instants are written in UTC.
import { afterEach, describe, expect, it } from 'vitest';
import { occurrenceAt, occurrences, parseRule, type Rule } from '@/domain/recurrence';

const HOUR = 3_600_000;
const utc = (iso: string) => new Date(iso).getTime();

// [zone, date, time, instant, why]
describe('occurrenceAt on DST change days', () => {
  it.each([
    // Europe/London: 30 Mar 2025 01:00 GMT → 02:00 BST; 26 Oct 2025 02:00 BST → 01:00 GMT.
    ['Europe/London', '2025-03-29', '09:00', '2025-03-29T09:00Z', 'the day before, GMT'],
    ['Europe/London', '2025-03-30', '00:30', '2025-03-30T00:30Z', 'before the gap'],
    ['Europe/London', '2025-03-30', '01:30', '2025-03-30T01:30Z', 'in the gap → 02:30 BST'],
    ['Europe/London', '2025-03-30', '02:00', '2025-03-30T01:00Z', 'just after the gap, BST'],
    ['Europe/London', '2025-03-30', '09:00', '2025-03-30T08:00Z', 'the change day, BST'],
    ['Europe/London', '2025-10-26', '00:30', '2025-10-25T23:30Z', 'before the repeat, BST'],
    ['Europe/London', '2025-10-26', '01:30', '2025-10-26T00:30Z', 'twice → the first, BST'],
    ['Europe/London', '2025-10-26', '02:00', '2025-10-26T02:00Z', 'after the repeat, GMT'],
    ['Europe/London', '2025-10-26', '09:00', '2025-10-26T09:00Z', 'the change day, GMT'],
    // America/New_York: 9 Mar 2025 02:00 EST → 03:00 EDT; 2 Nov 2025 02:00 EDT → 01:00 EST.
    ['America/New_York', '2025-03-09', '01:59', '2025-03-09T06:59Z', 'before the gap, EST'],
    ['America/New_York', '2025-03-09', '02:30', '2025-03-09T07:30Z', 'in the gap → 03:30 EDT'],
    ['America/New_York', '2025-03-09', '03:00', '2025-03-09T07:00Z', 'just after the gap, EDT'],
    ['America/New_York', '2025-03-09', '09:00', '2025-03-09T13:00Z', 'the change day, EDT'],
    ['America/New_York', '2025-11-02', '00:59', '2025-11-02T04:59Z', 'before the repeat, EDT'],
    ['America/New_York', '2025-11-02', '01:30', '2025-11-02T05:30Z', 'twice → the first, EDT'],
    ['America/New_York', '2025-11-02', '02:00', '2025-11-02T07:00Z', 'after the repeat, EST'],
    // Australia/Sydney: 6 Apr 2025 03:00 AEDT → 02:00 AEST; 5 Oct 2025 02:00 AEST → 03:00 AEDT.
    ['Australia/Sydney', '2025-04-06', '01:30', '2025-04-05T14:30Z', 'before the repeat, AEDT'],
    ['Australia/Sydney', '2025-04-06', '02:30', '2025-04-05T15:30Z', 'twice → the first, AEDT'],
    ['Australia/Sydney', '2025-04-06', '03:00', '2025-04-05T17:00Z', 'after the repeat, AEST'],
    ['Australia/Sydney', '2025-04-06', '09:00', '2025-04-05T23:00Z', 'the change day, AEST'],
    ['Australia/Sydney', '2025-10-05', '01:59', '2025-10-04T15:59Z', 'before the gap, AEST'],
    ['Australia/Sydney', '2025-10-05', '02:30', '2025-10-04T16:30Z', 'in the gap → 03:30 AEDT'],
    ['Australia/Sydney', '2025-10-05', '03:00', '2025-10-04T16:00Z', 'just after the gap, AEDT'],
    ['Australia/Sydney', '2025-10-05', '09:00', '2025-10-04T22:00Z', 'the change day, AEDT'],
    // Pacific/Auckland: 6 Apr 2025 03:00 NZDT → 02:00 NZST; 28 Sep 2025 02:00 NZST → 03:00 NZDT.
    ['Pacific/Auckland', '2025-04-06', '02:30', '2025-04-05T13:30Z', 'twice → the first, NZDT'],
    ['Pacific/Auckland', '2025-04-06', '03:00', '2025-04-05T15:00Z', 'after the repeat, NZST'],
    ['Pacific/Auckland', '2025-04-06', '09:00', '2025-04-05T21:00Z', 'the change day, NZST'],
    ['Pacific/Auckland', '2025-09-27', '09:00', '2025-09-26T21:00Z', 'the day before, NZST'],
    ['Pacific/Auckland', '2025-09-28', '02:30', '2025-09-27T14:30Z', 'in the gap → 03:30 NZDT'],
    ['Pacific/Auckland', '2025-09-28', '03:00', '2025-09-27T14:00Z', 'just after the gap, NZDT'],
    ['Pacific/Auckland', '2025-09-28', '09:00', '2025-09-27T20:00Z', 'the change day, NZDT'],
    // A half-hour change (Lord Howe Island, +10:30 ⇄ +11).
    ['Australia/Lord_Howe', '2025-10-05', '02:15', '2025-10-04T15:45Z', 'in the 30-minute gap → 02:45'],
    ['Australia/Lord_Howe', '2025-04-06', '01:45', '2025-04-05T14:45Z', 'twice → the first, +11'],
    // No DST at all.
    ['Asia/Tokyo', '2025-03-30', '09:00', '2025-03-30T00:00Z', 'no DST'],
    ['UTC', '2025-03-30', '01:30', '2025-03-30T01:30Z', 'UTC'],
  ])('%s %s %s → %s (%s)', (zone, date, time, instant) => {
    expect(occurrenceAt(date, time, zone)).toBe(utc(instant));
  });
});

describe('a repeating 09:00 task keeps 09:00 on the wall clock', () => {
  const daily = (() => {
    const parsed = parseRule('FREQ=DAILY');
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.rule as Rule;
  })();
  const gaps = (zone: string, from: string, to: string) => {
    const instants = occurrences(daily, from, from, to).map((d) => occurrenceAt(d, '09:00', zone));
    return instants.slice(1).map((t, i) => (t - (instants[i] as number)) / HOUR);
  };

  it.each([
    ['Europe/London', '2025-03-29', '2025-03-31', [23, 24]],
    ['Europe/London', '2025-10-25', '2025-10-27', [25, 24]],
    ['America/New_York', '2025-03-08', '2025-03-10', [23, 24]],
    ['Australia/Sydney', '2025-04-05', '2025-04-07', [25, 24]],
    ['Pacific/Auckland', '2025-09-27', '2025-09-29', [23, 24]],
  ])('%s from %s to %s: %j hours apart', (zone, from, to, hours) => {
    expect(gaps(zone, from, to)).toEqual(hours);
  });
});

describe('occurrenceAt depends on the zone given, not the device', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  it('same instant whatever the process time zone', () => {
    process.env.TZ = 'Asia/Kolkata';
    const fromKolkata = occurrenceAt('2025-10-26', '01:30', 'Europe/London');
    process.env.TZ = 'America/Los_Angeles';
    expect(occurrenceAt('2025-10-26', '01:30', 'Europe/London')).toBe(fromKolkata);
    expect(fromKolkata).toBe(utc('2025-10-26T00:30Z'));
  });

  it('refuses an unknown zone, a bad time or a bad date', () => {
    expect(() => occurrenceAt('2025-01-01', '09:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => occurrenceAt('2025-01-01', '24:00', 'UTC')).toThrow(RangeError);
    expect(() => occurrenceAt('2025-02-29', '09:00', 'UTC')).toThrow(RangeError);
  });
});
