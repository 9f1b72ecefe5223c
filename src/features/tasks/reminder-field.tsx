// The person's reminder on the task as a combo box "Reminder" (SPEC §11.4): None, then the six
// times. It is the person's own, so viewers of a shared list may set one too. Without a due date
// it is disabled and says why ("Set a date before adding a reminder"); a reminder set before the
// date was cleared reads None then (it cannot fire) and is back with a date. Setting one asks for
// notification permission the first time (never on load, and within the person's gesture); when
// notifications are blocked the field says so and how to allow them.
import { useId, useState } from 'react';
import { ValidationError } from '@/lib/errors';
import type { ReminderOffset, Task } from '@/domain/model';
import { isReminderOffset, REMINDER_OPTIONS } from '@/domain/reminders/offsets';
import { askReminderPermission, reminderPermission } from '@/lib/notification-permission';
import { reminders } from '@/data';
import { useReminder } from '@/data/react';
import { FieldError } from '@/ui/field-error';
import { t } from './messages';

/** "15 minutes before", "1 hour before" … in the current language. */
function offsetName(offset: ReminderOffset): string {
  if (offset === 0) return t('tasks.reminderAtDue');
  if (offset % 1440 === 0) return t('tasks.reminderDays', { count: offset / 1440 });
  if (offset % 60 === 0) return t('tasks.reminderHours', { count: offset / 60 });
  return t('tasks.reminderMinutes', { count: offset });
}

export function ReminderField({ task }: { task: Task }) {
  const id = useId();
  const reminder = useReminder(task.id);
  const [error, setError] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const undated = !task.due_date;
  const value = undated || !reminder ? 'none' : String(reminder.offset_minutes);

  async function pick(choice: string) {
    setError(null);
    const offset = choice === 'none' ? null : Number(choice);
    // asked before the write's first await, while the browser still sees the person's gesture
    const asking = offset !== null ? askReminderPermission() : null;
    try {
      if (offset === null) await reminders.clear(task.id);
      else if (isReminderOffset(offset)) await reminders.set(task.id, offset);
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      setError(err.message);
    }
    if (asking) setBlocked((await asking) === 'denied');
  }

  const showBlocked = !undated && (blocked || (Boolean(reminder) && reminderPermission() === 'denied'));
  const described = [undated && `${id}-hint`, showBlocked && `${id}-blocked`, error && `${id}-error`].filter(Boolean).join(' ');

  return (
    <div className="field reminder-field">
      <label className="field-label" htmlFor={id}>
        {t('tasks.reminder')}
      </label>
      <select
        id={id}
        className="input reminder-input"
        value={value}
        disabled={undated}
        onChange={(e) => void pick(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      >
        <option value="none">{t('tasks.reminderNone')}</option>
        {REMINDER_OPTIONS.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {offsetName(o.value)}
          </option>
        ))}
      </select>
      {undated && (
        <p className="field-hint" id={`${id}-hint`}>
          {t('tasks.reminderNeedsDate')}
        </p>
      )}
      {showBlocked && (
        <p className="field-hint" id={`${id}-blocked`}>
          {t('tasks.remindersBlocked')}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
