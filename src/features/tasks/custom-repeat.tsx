// "Custom…" of the Repeat box (SPEC §11.1): every N days, weeks (on chosen weekdays), months
// (on the due date's day) or years, ending never, after N times or on a date; or, with "From the
// day it's done" (SPEC §14.3), every N units after the day an occurrence is completed — no
// weekdays and no number of times then, since there is no pattern to count. Saves with
// "Save repeat"; the rule's own check gives the message ("Pick an interval between 1 and 99").
import { useId, useState } from 'react';
import { type Freq, formatRule, REPEAT_MESSAGES, type Rule, ruleProblem, WEEKDAYS, type Weekday } from '@/domain/recurrence';
import { intlLocale } from '@/lib/i18n';
import { t } from './messages';

/** The units after "Every N", in the number's grammatical form. */
function units(count: number): { freq: Freq; label: string }[] {
  return [
    { freq: 'DAILY', label: t('tasks.unitDays', { count }) },
    { freq: 'WEEKLY', label: t('tasks.unitWeeks', { count }) },
    { freq: 'MONTHLY', label: t('tasks.unitMonths', { count }) },
    { freq: 'YEARLY', label: t('tasks.unitYears', { count }) },
  ];
}

/** The rule's problem in the current language: the ones this form can run into, by the domain's words. */
function problemText(problem: string): string {
  if (problem === REPEAT_MESSAGES.interval) return t('tasks.repeatIntervalProblem');
  if (problem === REPEAT_MESSAGES.count) return t('tasks.repeatCountProblem');
  if (problem === REPEAT_MESSAGES.until) return t('tasks.repeatUntilProblem');
  return problem;
}

/** A Monday to Sunday of 2024 (1 January 2024 was a Monday), for Intl's weekday names. */
const DAY_OF: Record<Weekday, number> = { MO: 1, TU: 2, WE: 3, TH: 4, FR: 5, SA: 6, SU: 7 };

/** Each locale's weekday names, made once (a formatter is slow to build, and the form re-renders per key). */
const namesByLocale = new Map<string, Record<Weekday, { short: string; long: string }>>();

/** The weekday's short name shown on its box and its whole name for assistive tech. */
function dayNames(day: Weekday): { short: string; long: string } {
  const locale = intlLocale();
  let names = namesByLocale.get(locale);
  if (!names) {
    const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    const of = (d: Weekday) => new Date(Date.UTC(2024, 0, DAY_OF[d], 12));
    names = Object.fromEntries(WEEKDAYS.map((d) => [d, { short: short.format(of(d)), long: long.format(of(d)) }])) as Record<Weekday, { short: string; long: string }>;
    namesByLocale.set(locale, names);
  }
  return names[day];
}

interface CustomRepeatProps {
  /** The rule to start from (the current one, or the Weekly preset). */
  start: Rule;
  disabled: boolean;
  onSave: (text: string) => void;
}

export function CustomRepeat({ start, disabled, onSave }: CustomRepeatProps) {
  const id = useId();
  const [interval, setEvery] = useState(String(start.interval));
  const [freq, setFreq] = useState<Freq>(start.freq);
  const [days, setDays] = useState<Weekday[]>(start.freq === 'WEEKLY' ? [...start.days] : []);
  const [ends, setEnds] = useState<'never' | 'count' | 'until'>(start.count !== null ? 'count' : start.until !== null ? 'until' : 'never');
  const [count, setCount] = useState(String(start.count ?? 5));
  const [until, setUntil] = useState(start.until ?? '');
  const [fromDone, setFromDone] = useState(start.fromDone === true);
  const [error, setError] = useState<string | null>(null);

  function save() {
    const base = {
      interval: Number(interval),
      count: ends === 'count' && !fromDone ? Number(count) : null,
      until: ends === 'until' ? until : null,
    };
    const rule: Rule = fromDone
      ? freq === 'WEEKLY'
        ? { freq, ...base, days: [], weekStart: 'MO', fromDone }
        : freq === 'MONTHLY'
          ? { freq, ...base, on: null, fromDone }
          : { freq, ...base, fromDone }
      : freq === 'WEEKLY'
        ? { freq, ...base, days, weekStart: start.freq === 'WEEKLY' ? start.weekStart : 'MO' }
        : freq === 'MONTHLY'
          ? { freq, ...base, on: start.freq === 'MONTHLY' ? start.on : null }
          : { freq, ...base };
    const problem = ruleProblem(rule);
    setError(problem && problemText(problem));
    if (!problem) onSave(formatRule(rule));
  }

  return (
    <fieldset className="custom-repeat" disabled={disabled}>
      <legend className="visually-hidden">{t('tasks.customRepeat')}</legend>
      <div className="custom-repeat-row">
        <label htmlFor={`${id}-every`}>{t('tasks.every', { unit: freq })}</label>
        <input id={`${id}-every`} className="input" type="number" min={1} max={99} value={interval} onChange={(e) => setEvery(e.currentTarget.value)} aria-describedby={error ? `${id}-error` : undefined} />
        <select className="input" aria-label={t('tasks.unit')} value={freq} onChange={(e) => setFreq(e.currentTarget.value as Freq)}>
          {units(Number(interval) || 0).map((u) => (
            <option key={u.freq} value={u.freq}>
              {u.label}
            </option>
          ))}
        </select>
      </div>
      <label className="custom-repeat-from">
        <input type="checkbox" className="checkbox" checked={fromDone} onChange={(e) => {
            const on = e.currentTarget.checked;
            setFromDone(on);
            if (on && ends === 'count') setEnds('never');
          }}
        />
        {t('tasks.fromDone')}
      </label>
      {freq === 'WEEKLY' && !fromDone && (
        <fieldset className="custom-repeat-days">
          <legend className="visually-hidden">{t('tasks.onDays')}</legend>
          {WEEKDAYS.map((d) => {
            const { short, long } = dayNames(d);
            // "Mon" shown, "day" hidden: the box is named "Monday"; where the short name is not
            // the long one's start, the short one is for the eye and the long one for the ear.
            return (
              <label key={d}>
                <input type="checkbox" checked={days.includes(d)} onChange={(e) => setDays(e.currentTarget.checked ? [...days, d] : days.filter((x) => x !== d))} />
                {long.startsWith(short) ? short : <span aria-hidden="true">{short}</span>}
                <span className="visually-hidden">{long.startsWith(short) ? long.slice(short.length) : long}</span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="custom-repeat-row">
        <select className="input" aria-label={t('tasks.ends')} value={ends} onChange={(e) => setEnds(e.currentTarget.value as typeof ends)}>
          <option value="never">{t('tasks.endsNever')}</option>
          {!fromDone && <option value="count">{t('tasks.endsCount')}</option>}
          <option value="until">{t('tasks.endsUntil')}</option>
        </select>
        {ends === 'count' && <input className="input" type="number" aria-label={t('tasks.times')} min={1} max={999} value={count} onChange={(e) => setCount(e.currentTarget.value)} />}
        {ends === 'until' && <input className="input" type="date" aria-label={t('tasks.endDate')} value={until} onChange={(e) => setUntil(e.currentTarget.value)} />}
      </div>
      <button type="button" className="btn" onClick={save}>
        {t('tasks.saveRepeat')}
      </button>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
