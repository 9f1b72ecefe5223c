// "Custom…" of the Repeat box (SPEC §11.1): every N days, weeks (on chosen weekdays), months
// (on the due date's day) or years, ending never, after N times or on a date; or, with "From the
// day it's done" (SPEC §14.3), every N units after the day an occurrence is completed — no
// weekdays and no number of times then, since there is no pattern to count. Saves with
// "Save repeat"; the rule's own check gives the message ("Pick an interval between 1 and 99").
import { useId, useState } from 'react';
import { type Freq, formatRule, type Rule, ruleProblem, WEEKDAYS, type Weekday } from '@/domain/recurrence';

const UNITS: { freq: Freq; label: string }[] = [
  { freq: 'DAILY', label: 'days' },
  { freq: 'WEEKLY', label: 'weeks' },
  { freq: 'MONTHLY', label: 'months' },
  { freq: 'YEARLY', label: 'years' },
];
const DAY_NAMES: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };

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
    setError(problem);
    if (!problem) onSave(formatRule(rule));
  }

  return (
    <fieldset className="custom-repeat" disabled={disabled}>
      <legend className="visually-hidden">Custom repeat</legend>
      <div className="custom-repeat-row">
        <label htmlFor={`${id}-every`}>Every</label>
        <input id={`${id}-every`} className="input" type="number" min={1} max={99} value={interval} onChange={(e) => setEvery(e.currentTarget.value)} aria-describedby={error ? `${id}-error` : undefined} />
        <select className="input" aria-label="Unit" value={freq} onChange={(e) => setFreq(e.currentTarget.value as Freq)}>
          {UNITS.map((u) => (
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
        From the day it's done
      </label>
      {freq === 'WEEKLY' && !fromDone && (
        <fieldset className="custom-repeat-days">
          <legend className="visually-hidden">On</legend>
          {WEEKDAYS.map((d) => (
            <label key={d}>
              <input type="checkbox" checked={days.includes(d)} onChange={(e) => setDays(e.currentTarget.checked ? [...days, d] : days.filter((x) => x !== d))} />
              {DAY_NAMES[d].slice(0, 3)}
              <span className="visually-hidden">{DAY_NAMES[d].slice(3)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="custom-repeat-row">
        <select className="input" aria-label="Ends" value={ends} onChange={(e) => setEnds(e.currentTarget.value as typeof ends)}>
          <option value="never">Never ends</option>
          {!fromDone && <option value="count">After a number of times</option>}
          <option value="until">On a date</option>
        </select>
        {ends === 'count' && <input className="input" type="number" aria-label="Times" min={1} max={999} value={count} onChange={(e) => setCount(e.currentTarget.value)} />}
        {ends === 'until' && <input className="input" type="date" aria-label="End date" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />}
      </div>
      <button type="button" className="btn" onClick={save}>
        Save repeat
      </button>
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
