// Settings → Quick add: the switch "Understand dates in quick add" (SPEC §11.2, on by default),
// kept on this device. Off, quick add takes the text as typed for the title, as it always did.
import { useId, useState } from 'react';
import { getUnderstandDates, setUnderstandDates } from '@/domain/quick-add/preference';
import { SettingsSection } from './settings-section';

export function QuickAddSection() {
  const id = useId();
  const [on, setOn] = useState(getUnderstandDates);

  return (
    <SettingsSection title="Quick add">
      <div className="settings-switch-row">
        <label className="settings-switch" htmlFor={id}>
          <span className="settings-switch-text">Understand dates in quick add</span>
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
          Reads “tomorrow at 9am”, “every monday”, “!high” and “#list name” as you type a task, and shows what it
          understood before you add it. Stays on this device.
        </p>
      </div>
    </SettingsSection>
  );
}
