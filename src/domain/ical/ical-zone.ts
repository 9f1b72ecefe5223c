// A person's time zone in iCalendar: local wall-clock times to UTC instants (one-off timed
// events are sent in UTC), and a VTIMEZONE for repeating timed events, which are sent in the zone
// (TZID) so "every Monday at 9:00" stays at 9:00 across daylight-saving changes. The zone's rules
// come from the platform's Intl data: this year's transitions, each written as a yearly rule on
// its nth (or last) weekday of the month, which is how the zones that change twice a year change.
// Pure; no imports (the app has an identical copy: see README.md).

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

/** Is `zone` an IANA zone this platform knows? */
export function knownZone(zone: string): boolean {
  try {
    formatFor(zone);
    return true;
  } catch {
    return false;
  }
}

const offsets = new Map<string, number>();

/**
 * The zone's offset from UTC at the instant, in minutes (east positive). Kept by zone and quarter
 * hour (every zone changes its offset on a quarter hour), so a feed's thousands of timed events
 * ask Intl once per distinct time.
 */
export function offsetAt(zone: string, ms: number): number {
  const key = `${zone} ${Math.floor(ms / 900_000)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = readOffset(zone, ms);
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

function readOffset(zone: string, ms: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatFor(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((local - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The instant of a local date and 'HH:MM' in the zone (a time skipped by a change: read with the offset before it). */
export function localToUtc(zone: string, date: string, time: string): number {
  const wall = Date.parse(`${date}T${time}:00Z`);
  let guess = wall - offsetAt(zone, wall) * 60_000;
  guess = wall - offsetAt(zone, guess) * 60_000;
  return guess;
}

const DAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');
const offsetText = (min: number) => `${min < 0 ? '-' : '+'}${pad(Math.trunc(min / 60))}${pad(min % 60)}`;

interface Transition {
  at: number;
  from: number;
  to: number;
}

/** The zone's offset changes in the UTC year (searched day by day, then to the minute). */
function transitionsIn(zone: string, year: number): Transition[] {
  const found: Transition[] = [];
  let t = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  let before = offsetAt(zone, t);
  for (; t < end; t += 86_400_000) {
    const next = offsetAt(zone, t + 86_400_000);
    if (next === before) continue;
    let lo = t;
    let hi = t + 86_400_000;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (offsetAt(zone, mid) === before) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: before, to: next });
    before = next;
  }
  return found;
}

/** The day of the month of the nth (1–4, or -1: last) `weekday` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): number {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (nth === -1) {
    const lastWeekday = new Date(Date.UTC(year, month - 1, last)).getUTCDay();
    return last - ((lastWeekday - weekday + 7) % 7);
  }
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((weekday - firstWeekday + 7) % 7) + 7 * (nth - 1);
}

/**
 * One observance, yearly on its weekday of the month, from 1970 (so a feed's past dates, an
 * overdue repeat's, read with the same rule rather than with none).
 */
function observance(tr: Transition, daylight: boolean): string[] {
  const local = new Date(tr.at + tr.from * 60_000);
  const day = local.getUTCDate();
  const month = local.getUTCMonth() + 1;
  const last = new Date(Date.UTC(local.getUTCFullYear(), month, 0)).getUTCDate();
  const nth = day + 7 > last ? -1 : Math.ceil(day / 7);
  const weekday = local.getUTCDay();
  const first = `1970${String(month).padStart(2, '0')}${String(nthWeekday(1970, month, weekday, nth)).padStart(2, '0')}`;
  const kind = daylight ? 'DAYLIGHT' : 'STANDARD';
  return [
    `BEGIN:${kind}`,
    `DTSTART:${first}${local.toISOString().replace(/[-:]/g, '').slice(8, 15)}`,
    `RRULE:FREQ=YEARLY;BYMONTH=${month};BYDAY=${nth}${DAY_CODES[weekday]}`,
    `TZOFFSETFROM:${offsetText(tr.from)}`,
    `TZOFFSETTO:${offsetText(tr.to)}`,
    `END:${kind}`,
  ];
}

/** The VTIMEZONE lines for the zone as its rules stand in `year`. */
export function vtimezone(zone: string, year: number): string[] {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
  const changes = transitionsIn(zone, year);
  if (changes.length === 2) {
    const low = Math.min(changes[0]!.to, changes[1]!.to);
    for (const tr of changes) lines.push(...observance(tr, tr.to > low));
  } else {
    // no yearly changes (or an irregular year): the offset the year ends with
    const offset = offsetText(offsetAt(zone, Date.UTC(year, 11, 31)));
    lines.push('BEGIN:STANDARD', 'DTSTART:19700101T000000', `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`, 'END:STANDARD');
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
