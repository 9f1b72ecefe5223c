// Daybook's repeat rules (SPEC §11.1, §14.3) as RFC 5545 RRULEs starting from a task's current
// occurrence (its due date), which calendar apps expand to the same dates Daybook does:
//  - a series is anchored on its first date (the anchor, always occurrence 1) and COUNT counts
//    from there: from the current occurrence the RRULE counts only what is left;
//  - parts taken from the anchor (weekly's weekday, monthly's day, yearly's month and day) are
//    written out, since DTSTART is no longer the anchor;
//  - month ends: Daybook puts "the 29th/30th/31st" on the last day of shorter months and yearly
//    29 Feb on 28 Feb in common years, where RFC 5545 skips — written as the last of the days
//    that exist (BYMONTHDAY=28,29,30;BYSETPOS=-1), or BYMONTHDAY=-1 for the 31st;
//  - "from the day it's done" (FROM=DONE) has no RRULE equivalent (its next date depends on when
//    it is done): such a task is one event on its current occurrence.
// Pure; no imports (the app has an identical copy: see README.md).

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

interface Parsed {
  freq: string;
  interval: number;
  days: string[];
  monthDay: number | null;
  nth: { n: number; day: string } | null;
  count: number | null;
  until: string | null;
  weekStart: string;
  fromDone: boolean;
}

function parse(text: string): Parsed | null {
  const parts = new Map<string, string>();
  for (const part of text.replace(/^RRULE:/i, '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) parts.set(part.slice(0, eq).toUpperCase(), part.slice(eq + 1).toUpperCase());
  }
  const freq = parts.get('FREQ') ?? '';
  if (!['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq)) return null;
  const byDay = (parts.get('BYDAY') ?? '').split(',').filter(Boolean);
  const nthMatch = freq === 'MONTHLY' && byDay.length === 1 ? /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay[0]!) : null;
  const until = parts.get('UNTIL');
  return {
    freq,
    interval: Number(parts.get('INTERVAL') ?? 1) || 1,
    days: nthMatch ? [] : byDay.filter((d) => CODES.includes(d)),
    monthDay: parts.has('BYMONTHDAY') ? Number(parts.get('BYMONTHDAY')) : null,
    nth: nthMatch ? { n: Number(nthMatch[1]), day: nthMatch[2]! } : null,
    count: parts.has('COUNT') ? Number(parts.get('COUNT')) : null,
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : null,
    weekStart: parts.get('WKST') ?? 'MO',
    fromDone: parts.get('FROM') === 'DONE',
  };
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** Days since 1970-01-01 → the civil date (Hinnant's algorithm: no Date objects in the walks below). */
const partsOf = (day: number) => {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d, wd: (((day + 3) % 7) + 7) % 7 };
};
const monthLength = (y: number, m: number) => (m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31);

/** Is `day` a date of the rule's pattern (the anchor aside, which is always occurrence 1)? */
function onPattern(r: Parsed, anchor: number, day: number): boolean {
  const a = partsOf(anchor);
  const p = partsOf(day);
  const months = (p.y - a.y) * 12 + (p.m - a.m);
  switch (r.freq) {
    case 'DAILY':
      return (day - anchor) % r.interval === 0;
    case 'WEEKLY': {
      const start = CODES.indexOf(r.weekStart);
      const week0 = anchor - ((a.wd - start + 7) % 7);
      const days = r.days.length ? r.days : [CODES[a.wd]!];
      return days.includes(CODES[p.wd]!) && Math.floor((day - week0) / 7) % r.interval === 0;
    }
    case 'MONTHLY': {
      if (months % r.interval !== 0) return false;
      const last = monthLength(p.y, p.m);
      if (r.nth) {
        if (CODES[p.wd] !== r.nth.day) return false;
        return r.nth.n === -1 ? p.d + 7 > last : Math.ceil(p.d / 7) === r.nth.n;
      }
      const want = r.monthDay ?? a.d;
      return p.d === (want === -1 ? last : Math.min(want, last));
    }
    default:
      return (p.y - a.y) % r.interval === 0 && p.m === a.m && p.d === Math.min(a.d, monthLength(p.y, p.m));
  }
}

export type RepeatInICal =
  /**
   * DTSTART's date, the RRULE's value (without "RRULE:"), and the dates it must add (RDATE):
   * Daybook's dates the rule as RFC 5545 reads it leaves out (see below).
   */
  | { kind: 'rrule'; start: string; parts: string; until: string | null; rdates: string[] }
  /** Nothing left after the current occurrence, or a rule with no RRULE: one event. */
  | { kind: 'single' };

/** How far ahead a series' dates RFC 5545 would skip are listed; the feed is fetched again long before. */
const RDATE_DAYS = 3660;
const LAST_DAY = dayNumber('2999-12-31');
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * The RRULE that goes on from `current` (the task's due date), anchored on `anchorIso`.
 * Where RFC 5545 would skip a date Daybook keeps — "the 29th/30th" in a month without it, yearly
 * 29 Feb in a common year, an anchor off the pattern — the rule is written as RFC 5545 reads it
 * (BYMONTHDAY=29 …) and those dates are added as RDATEs for the next ten years, with COUNT turned
 * into the last date (RDATEs are not counted). BYSETPOS would say it in the rule itself, but
 * parsers (ical.js among them) read BYSETPOS only with BYDAY. The 31st is BYMONTHDAY=-1.
 */
export function repeatFrom(text: string, anchorIso: string, current: string): RepeatInICal {
  const r = parse(text);
  if (!r || r.fromDone) return { kind: 'single' };
  const anchor = dayNumber(anchorIso);
  const a = partsOf(anchor);
  const now = dayNumber(current);
  const monthDay = r.freq === 'MONTHLY' && !r.nth ? (r.monthDay ?? a.d) : null;
  const parts = [`FREQ=${r.freq}`];
  if (r.interval > 1) parts.push(`INTERVAL=${r.interval}`);
  if (r.freq === 'WEEKLY') parts.push(`BYDAY=${(r.days.length ? r.days : [CODES[a.wd]!]).join(',')}`);
  if (r.freq === 'MONTHLY') parts.push(r.nth ? `BYDAY=${r.nth.n}${r.nth.day}` : `BYMONTHDAY=${monthDay === 31 ? -1 : monthDay}`);
  if (r.freq === 'YEARLY') parts.push(`BYMONTH=${a.m}`, `BYMONTHDAY=${a.d}`);
  if (r.freq === 'WEEKLY' && r.weekStart !== 'MO') parts.push(`WKST=${r.weekStart}`);
  // does RFC 5545 give this Daybook date?
  const rfcHas = (day: number): boolean => {
    if (!onPattern(r, anchor, day)) return false;
    const p = partsOf(day);
    if (monthDay !== null && monthDay !== 31 && monthDay !== -1) return p.d === monthDay;
    if (r.freq === 'YEARLY') return p.d === a.d;
    return true;
  };
  const clamps = (monthDay === 29 || monthDay === 30 || (r.freq === 'YEARLY' && a.m === 2 && a.d === 29));
  const untilDay = r.until === null ? LAST_DAY : dayNumber(r.until);
  // occurrences before the current one: the anchor, and the pattern's dates after it
  let before = 0;
  if (r.count !== null && now > anchor) {
    before = 1;
    for (let d = anchor + 1; d < now && before < r.count; d++) if (onPattern(r, anchor, d)) before++;
  }
  const left = r.count === null ? Infinity : r.count - before;
  if (left <= 1 || untilDay <= now) return { kind: 'single' };
  if (!clamps && rfcHas(now)) {
    if (r.count !== null) parts.push(`COUNT=${left}`);
    return { kind: 'rrule', start: current, parts: parts.join(';'), until: r.until, rdates: [] };
  }
  // walk Daybook's dates from the current one: the first RFC 5545 gives starts the event
  const rdates: string[] = [];
  let start: number | null = null;
  let last = now;
  let n = 0;
  const horizon = now + RDATE_DAYS;
  for (let d = now; d <= untilDay && n < left; d++) {
    if (d !== now && !onPattern(r, anchor, d)) continue;
    n++;
    last = d;
    if (rfcHas(d)) start ??= d;
    else if (d <= horizon) rdates.push(isoOf(d));
    // without COUNT the walk is for the RDATEs only: past the first date when nothing is skipped,
    // past the horizon otherwise
    if (r.count === null && start !== null && (!clamps || d > horizon)) break;
  }
  if (start === null) return rdates.length > 1 ? { kind: 'rrule', start: rdates[0]!, parts: '', until: null, rdates: rdates.slice(1) } : { kind: 'single' };
  const until = r.count !== null ? isoOf(last) : r.until;
  return { kind: 'rrule', start: isoOf(start), parts: parts.join(';'), until, rdates };
}
