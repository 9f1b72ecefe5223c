// Settings → "Week starts on" (SPEC §18): the locale's first day by default, kept on this device
// (src/domain/week-start.ts is the one place the app reads it).
import { useId, useState } from 'react';
import type { FirstDay } from '@/domain/week';
import { getWeekStartChoice, setWeekStartChoice } from '@/domain/week-start';
import { intlLocale } from '@/lib/i18n';
import { t } from './messages';
import { SettingsSection } from './settings-section';

const FIRST_DAYS: readonly FirstDay[] = [1, 2, 3, 4, 5, 6, 7];

/** The weekday's name in the app's language, as a list item starts (capitalised where the language has case). */
function dayName(day: FirstDay): string {
  const locale = intlLocale();
  // 2024-01-01 was a Monday: day 1 … 7 are the 1st … 7th.
  const name = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2024, 0, day));
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

export function WeekSection() {
  const id = useId();
  const [choice, setChoice] = useState(getWeekStartChoice);
  return (
    <SettingsSection title={t('settings.week')}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {t('settings.weekStartsOn')}
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
          <option value="">{t('settings.asInMyRegion')}</option>
          {FIRST_DAYS.map((n) => (
            <option key={n} value={n}>
              {dayName(n)}
            </option>
          ))}
        </select>
      </div>
    </SettingsSection>
  );
}
