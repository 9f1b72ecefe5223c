// Dates in digits: ISO 2026-12-24 in every language; and where the table says the language writes
// them so, day and month in its order — "24.12.", "24.12.2026", "24/12", "24/12/2026" (dmy), "12/24"
// (mdy) — and Japanese's marked digits: "12月24日", "15日", "3日後".
// A dotted day and month without a year needs its closing dot or a cue ("am 24.12"): "2.1" is a
// version, "3.50" a price. A fraction is not a date ("1/2 kilo", "3/4 taza"), nor is "24/7"
// (always open), nor a pair before a counted word.
import { addUnits, inRange, nextDayOfMonth, nextMonthDay, validDate } from './calendar';
import { countAt, type Match, numberAt } from './dates';
import type { Context } from './table';
import { isWord, matchAny, type Token } from './tokens';

/** 2026-12-24, joined, a valid date in SPEC's range. */
export function isoAt(tokens: readonly Token[], i: number): Match<string> | null {
  const [y, d1, m, d2, d] = [0, 1, 2, 3, 4].map((k) => tokens[i + k]);
  if (!y || !d1 || !m || !d2 || !d || y.text.length !== 4 || m.text.length !== 2 || d.text.length !== 2) return null;
  if (d1.text !== '-' || d2.text !== '-' || [d1, m, d2, d].some((t) => t.space)) return null;
  if (y.kind !== 'num' || m.kind !== 'num' || d.kind !== 'num') return null;
  const value = validDate(Number(y.text), Number(m.text), Number(d.text));
  return value === null ? null : { end: i + 5, value };
}

const joined = (t: Token | undefined, text?: string): t is Token => t !== undefined && !t.space && (text === undefined || t.text === text);

/** "24.12.", "24/12/2026", "12/24" in the table's order. */
export function dayMonthDigits(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const order = c.t.numericDates;
  const sep = tokens[i + 1];
  if (order === null || !joined(sep) || (sep.text !== '.' && sep.text !== '/')) return null;
  const a = numberAt(tokens, i, 2, 1, 31);
  const b = joined(tokens[i + 2]) ? numberAt(tokens, i + 2, 2, 1, 31) : null;
  if (a === null || b === null) return null;
  const [day, month] = order === 'dmy' ? [a, b] : [b, a];
  let end = i + 3;
  let year: number | null = null;
  if (joined(tokens[end], sep.text)) {
    const y = tokens[end + 1];
    if (joined(y) && y.kind === 'num' && (y.text.length === 4 || y.text.length === 2)) {
      year = Number(y.text) + (y.text.length === 2 ? 2000 : 0);
      end += 2;
    } else if (sep.text === '.') {
      end += 1; // "24.12." — the closing dot is the date's
    }
  }
  if (sep.text === '.' && year === null && end === i + 3 && !cued) return null; // "2.1", "3.50"
  if (sep.text === '/' && year === null && ((a < b && b <= 4) || (a === 24 && b === 7))) return null; // "1/2", "3/4", "24/7"
  if (isWord(tokens, end, c.t.counted)) return null;
  const value = year === null ? nextMonthDay(c.today, month, day) : validDate(year, month, day);
  return value === null ? null : { end, value };
}

/** "12月24日", "2027年12月24日" is left out; "15日" (the next 15th); "3日後", "2週間後" (from today). */
export function markedDate(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  const { t } = c;
  if (t.monthMark.size === 0 && t.inAfter.length === 0) return null;
  const mark = tokens[i + 1];
  if (mark?.kind !== 'word') return null;
  if (t.monthMark.has(mark.text)) {
    const month = numberAt(tokens, i, 2, 1, 12);
    const day = numberAt(tokens, i + 2, 2, 1, 31);
    if (month === null || day === null || !isWord(tokens, i + 3, t.dayMark, false)) return null;
    const value = nextMonthDay(c.today, month, day);
    return value === null ? null : { end: i + 4, value };
  }
  const unit = t.units.get(mark.text);
  const after = unit === undefined ? -1 : matchAny(tokens, i + 2, t.inAfter, null);
  if (unit !== undefined && after !== -1) {
    const n = countAt(tokens, i, c, 999) ?? numberAt(tokens, i, 3, 1, 999);
    const value = n === null ? null : addUnits(c.today, unit.unit, n * unit.times);
    return inRange(value) ? { end: after, value } : null;
  }
  // "30日" alone, not the day of an impossible "2月30日"
  // ("1日1回" is once a day: a count follows)
  const rate = tokens[i + 2]?.kind === 'num' && tokens[i + 2]?.start === mark.end;
  if (t.dayMark.has(mark.text) && !t.monthMark.has(tokens[i - 1]?.text ?? '') && !rate) {
    const day = numberAt(tokens, i, 2, 1, 31);
    const value = day === null ? null : nextDayOfMonth(c.today, day);
    return value === null ? null : { end: i + 2, value };
  }
  return null;
}
