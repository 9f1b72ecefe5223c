// Settings → "Week starts on" (SPEC §18): the locale's first day by default, kept on this device
// (src/domain/week-start.ts is the one place the app reads it).
import { useId, useState } from 'react';
import type { FirstDay } from '@/domain/week';
import { getWeekStartChoice, setWeekStartChoice } from '@/domain/week-start';
import { SettingsSection } from './settings-section';

const DAYS: readonly [FirstDay, string][] = [
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
];

export function WeekSection() {
  const id = useId();
  const [choice, setChoice] = useState(getWeekStartChoice);
  return (
    <SettingsSection title="Week">
      <div className="field">
        <label className="field-label" htmlFor={id}>
          Week starts on
        </label>
        <select
          id={id}
          className="input settings-select"
          value={choice ?? ''}
          onChange={(e) => {
            const next = e.target.value === '' ? null : (Number(e.target.value) as FirstDay);
            setWeekStartChoice(next);
            setChoice(next);
          }}
        >
          <option value="">As in my region</option>
          {DAYS.map(([n, name]) => (
            <option key={n} value={n}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </SettingsSection>
  );
}
