// Settings → Reminders: "Remind at" (SPEC §11.4), when a task with a date and no time reminds —
// default 09:00, kept on this device. Saved as soon as a whole time is entered; an emptied or
// partial field says what it needs and keeps the last saved time.
import { useId, useState } from 'react';
import { FieldError } from '@/ui/field-error';
import { getRemindAt, setRemindAt } from '@/domain/reminders/preference';
import { t } from './messages';
import { SettingsSection } from './settings-section';

export function RemindersSection() {
  const id = useId();
  const [value, setValue] = useState(getRemindAt);
  const [error, setError] = useState<string | null>(null);

  function save(next: string) {
    setValue(next);
    try {
      setRemindAt(next);
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <SettingsSection title={t('settings.reminders')}>
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {t('settings.remindAt')}
        </label>
        <input
          id={id}
          className="input settings-time"
          type="time"
          required
          value={value}
          onChange={(e) => save(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <p id={`${id}-hint`} className="settings-text settings-muted">
        {t('settings.remindAtHint')}
      </p>
    </SettingsSection>
  );
}
