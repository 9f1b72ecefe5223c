// The instant of a local date and time in an IANA time zone, for reminders (SPEC §11.4): a
// repeating 09:00 task reminds at 09:00 on the wall clock on both sides of a DST change, so the
// instants are 23 or 25 hours apart, never a fixed 24 h. Uses Intl (the platform's tz database);
// no library. Kept in its own file so screens that only show dates never load it.
import { dayFromValidIso } from './calendar';

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR = 3_600_000;

// Building a DateTimeFormat costs far more than using one; one per zone, made on first use.
const formatters = /* @__PURE__ */ new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    // Throws RangeError for a zone the platform doesn't know.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `instant`, in ms (wall clock minus UTC). */
export function zoneOffset(instant: number, zone: string): number {
  const p: Record<string, number> = {};
  for (const { type, value } of formatter(zone).formatToParts(instant)) p[type] = Number(value);
  const wall = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * Epoch ms of `time` ('HH:MM') on `date` ('YYYY-MM-DD') in `zone` (IANA, e.g. 'Europe/London').
 * - A time that doesn't exist (the spring-forward gap) moves forward by the gap: 01:30 on
 *   London's change day is 02:30 BST — what the platform's own Date does, and Temporal's
 *   'compatible' choice; a reminder fires a little late rather than never or an hour early.
 * - A time that happens twice (fall back) is the first of the two (the earlier instant, still
 *   on summer time): a reminder never fires an hour after the time it names.
 */
export function occurrenceAt(date: string, time: string, zone: string): number {
  const hm = HH_MM.exec(time);
  if (dayFromValidIso(date) === null || !hm) throw new RangeError(`Not a date and time: ${date} ${time}`);
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), Number(hm[1]), Number(hm[2]));
  // Offsets on either side: transitions are months apart, so a day around the wall time holds at
  // most one, and every valid reading of the wall time uses one of these two offsets.
  const before = zoneOffset(wall - 24 * HOUR, zone);
  const after = zoneOffset(wall + 24 * HOUR, zone);
  const valid = [before, after].map((offset) => wall - offset).filter((t) => t === wall - zoneOffset(t, zone));
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: read the wall time with the offset in force before the change, which lands as
  // far past the change as the wall time was past its start.
  return wall - before;
}
