// Settings → Quick add: the switch "Understand dates in quick add" (SPEC §11.2, on by default),
// kept on this device. Off, quick add takes the text as typed for the title, as it always did.
import { useId, useState } from 'react';
import { getUnderstandDates, setUnderstandDates } from '@/domain/quick-add/preference';
import { t } from './messages';
import { SettingsSection } from './settings-section';

export function QuickAddSection() {
  const id = useId();
  const [on, setOn] = useState(getUnderstandDates);

  return (
    <SettingsSection title={t('settings.quickAdd')}>
      <div className="settings-switch-row">
        <label className="settings-switch" htmlFor={id}>
          <span className="settings-switch-text">{t('settings.understandDates')}</span>
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="settings-switch-input"
            checked={on}
            aria-checked={on}
            aria-describedby={`${id}-hint`}
            onChange={(e) => {
              setUnderstandDates(e.target.checked);
              setOn(e.target.checked);
            }}
          />
        </label>
        <p id={`${id}-hint`} className="settings-text settings-muted">
          {t('settings.understandDatesHint')}
        </p>
      </div>
    </SettingsSection>
  );
}
