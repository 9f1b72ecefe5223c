// RRULE text ⇄ Rule. The text is what the task stores and syncs, so parsing never throws: a rule
// written by another client (or a later Daybook) that falls outside the subset comes back as a
// message the UI can show, and the task stays usable. Formatting is canonical — fixed part order,
// INTERVAL=1 and WKST=MO left out, weekdays in week order — so equal rules are equal strings and
// format(parse(format(rule))) === format(rule).
import { ValidationError } from '@/lib/errors';
import { dayFromValidIso } from './calendar';
import {
  LIMITS,
  type MonthlyOn,
  type Nth,
  REPEAT_MESSAGES as M,
  type Rule,
  ruleProblem,
  WEEKDAYS,
  type Weekday,
} from './rule';

export type ParseResult = { ok: true; rule: Rule } | { ok: false; message: string };

const SUPPORTED = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST', 'FROM']);
const FREQS = new Set(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const BYDAY_ITEM = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const NUMBER = /^[+-]?\d{1,4}$/;
// UNTIL is a DATE (YYYYMMDD); a DATE-TIME from a calendar client is read by its date part, since
// occurrences here are dates (an end at 23:59:59Z names its day; a zone far west of UTC may read
// one day late — the price of not knowing the writer's zone).
const UNTIL = /^(\d{4})(\d{2})(\d{2})(T\d{6}Z?)?$/;

class RuleSyntaxError extends Error {}
const fail = (message: string): never => {
  throw new RuleSyntaxError(message);
};

/** Reads an RRULE (with or without the "RRULE:" prefix, any case). Never throws. */
export function parseRule(text: unknown): ParseResult {
  try {
    const rule = read(typeof text === 'string' ? text : '');
    const problem = ruleProblem(rule);
    return problem ? { ok: false, message: problem } : { ok: true, rule };
  } catch (err) {
    if (err instanceof RuleSyntaxError) return { ok: false, message: err.message };
    throw err;
  }
}

function read(text: string): Rule {
  let body = text.trim();
  if (body.length > LIMITS.text) fail(M.tooLong);
  if (/^RRULE:/i.test(body)) body = body.slice(6);
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    if (part.trim() === '') continue; // a trailing ';' is harmless
    const eq = part.indexOf('=');
    if (eq <= 0) fail(`“${part.trim()}” is not a part of a repeat rule`);
    const name = part.slice(0, eq).trim().toUpperCase();
    if (!SUPPORTED.has(name)) fail(`Repeat rules with ${name} aren't supported`);
    if (parts.has(name)) fail(`${name} appears twice in the repeat rule`);
    parts.set(name, part.slice(eq + 1).trim().toUpperCase());
  }
  if (parts.size === 0) fail(M.empty);
  const freq = parts.get('FREQ') ?? fail(M.noFreq);
  if (!FREQS.has(freq)) fail(M.freq);

  const base = {
    interval: parts.has('INTERVAL') ? integer(parts.get('INTERVAL'), M.interval) : 1,
    count: parts.has('COUNT') ? integer(parts.get('COUNT'), M.count) : null,
    until: parts.has('UNTIL') ? untilDate(parts.get('UNTIL') as string) : null,
    ...(parts.has('FROM') ? { fromDone: parts.get('FROM') === 'DONE' || fail('FROM takes only DONE') } : {}),
  };
  const byDay = parts.has('BYDAY') ? byDayItems(parts.get('BYDAY') as string) : null;
  const byMonthDay = parts.get('BYMONTHDAY');
  // WKST is read on every rule (calendar clients write it everywhere) and kept where it matters.
  const weekStart = parts.has('WKST') ? weekdayCode(parts.get('WKST') as string) : 'MO';
  if (byDay && freq !== 'WEEKLY' && freq !== 'MONTHLY') fail(M.byDayFreq);
  if (byMonthDay !== undefined && freq !== 'MONTHLY') fail(M.byMonthDayFreq);

  switch (freq) {
    case 'DAILY':
    case 'YEARLY':
      return { freq, ...base };
    case 'WEEKLY': {
      if (byDay?.some((d) => d.nth !== null)) fail(M.weeklyByDay);
      return { freq, ...base, days: sortDays((byDay ?? []).map((d) => d.weekday)), weekStart };
    }
    default: {
      if (byDay && byMonthDay !== undefined) fail(M.dayAndWeekday);
      let on: MonthlyOn | null = null;
      if (byDay) {
        const [only] = byDay;
        if (byDay.length !== 1 || !only || only.nth === null) return fail(M.monthlyByDay);
        on = { nth: only.nth as Nth, weekday: only.weekday };
      } else if (byMonthDay !== undefined) {
        if (byMonthDay.includes(',')) fail(M.monthDay);
        on = { monthDay: integer(byMonthDay, M.monthDay) };
      }
      return { freq: 'MONTHLY', ...base, on };
    }
  }
}

function integer(value: string | undefined, message: string): number {
  if (value === undefined || !NUMBER.test(value)) return fail(message);
  return Number(value);
}

function untilDate(value: string): string {
  const m = UNTIL.exec(value);
  const iso = m ? `${m[1]}-${m[2]}-${m[3]}` : '';
  return dayFromValidIso(iso) === null ? fail(M.until) : iso;
}

function weekdayCode(value: string): Weekday {
  if ((WEEKDAYS as readonly string[]).includes(value)) return value as Weekday;
  return fail(`“${value}” is not a weekday (MO, TU, WE, TH, FR, SA or SU)`);
}

function byDayItems(value: string): { nth: number | null; weekday: Weekday }[] {
  return value.split(',').map((item) => {
    const m = BYDAY_ITEM.exec(item.trim());
    if (!m) return fail(`“${item.trim()}” is not a weekday (MO, TU, WE, TH, FR, SA or SU)`);
    return { nth: m[1] === undefined ? null : Number(m[1]), weekday: m[2] as Weekday };
  });
}

/** Distinct weekdays in week order (Monday first), the canonical BYDAY. */
export function sortDays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((d) => days.includes(d));
}

/** The canonical RRULE text (no "RRULE:" prefix), e.g. "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH". */
export function formatRule(rule: Rule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.freq === 'WEEKLY' && rule.days.length > 0) parts.push(`BYDAY=${sortDays(rule.days).join(',')}`);
  if (rule.freq === 'MONTHLY' && rule.on) {
    parts.push('monthDay' in rule.on ? `BYMONTHDAY=${rule.on.monthDay}` : `BYDAY=${rule.on.nth}${rule.on.weekday}`);
  }
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}`);
  if (rule.freq === 'WEEKLY' && rule.weekStart !== 'MO') parts.push(`WKST=${rule.weekStart}`);
  if (rule.fromDone) parts.push('FROM=DONE');
  return parts.join(';');
}

/**
 * The task-level check (SPEC §11.1), in the style of validation.ts: no repeat → null; a repeat
 * needs a due date ("Set a date before repeating"); otherwise the canonical text, or a
 * ValidationError on the 'repeat' field with the rule's message.
 */
export function checkRepeat(repeat: Rule | string | null | undefined, dueDate: string | null): string | null {
  if (repeat === null || repeat === undefined || repeat === '') return null;
  if (!dueDate) throw new ValidationError('repeat', M.dateRequired);
  if (typeof repeat === 'string') {
    const parsed = parseRule(repeat);
    if (!parsed.ok) throw new ValidationError('repeat', parsed.message);
    return formatRule(parsed.rule);
  }
  const problem = ruleProblem(repeat);
  if (problem) throw new ValidationError('repeat', problem);
  return formatRule(repeat);
}
