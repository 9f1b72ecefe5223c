// Settings → Appearance: Light, Dark or System (follows the device).
import { useId, useState } from 'react';
import { getTheme, setTheme, type Theme } from '@/lib/theme';
import { t } from './messages';
import { SettingsSection } from './settings-section';

const CHOICES: { value: Theme; label: () => string }[] = [
  { value: 'light', label: () => t('settings.themeLight') },
  { value: 'dark', label: () => t('settings.themeDark') },
  { value: 'system', label: () => t('settings.themeSystem') },
];

export function ThemeSection() {
  const id = useId();
  const [theme, setLocalTheme] = useState<Theme>(getTheme);

  function choose(next: Theme) {
    setTheme(next);
    setLocalTheme(next);
  }

  return (
    <SettingsSection title={t('settings.appearance')}>
      <span id={`${id}-label`} className="field-label">
        {t('settings.theme')}
      </span>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="settings-segments">
        {CHOICES.map(({ value, label }) => (
          <label key={value} className="settings-segment">
            <input
              type="radio"
              name={`${id}-theme`}
              value={value}
              checked={theme === value}
              onChange={() => choose(value)}
              className="settings-segment-input"
            />
            <span>{label()}</span>
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}
