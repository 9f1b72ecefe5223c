// SPEC §14.3 in the task dialog: "Deadline", a date apart from the due date (the day the task is
// planned for), saved on change and cleared by emptying it; and, for a repeating task, "Start
// steps over each time" (on unless the task says otherwise), which unticks its steps when an
// occurrence is completed.
import { useId, useState } from 'react';
import type { Task } from '@/domain/model';
import { errorProps, FieldError } from '@/ui/field-error';

interface DeadlineFieldProps {
  task: Task;
  disabled: boolean;
  error: string | undefined;
  onChange: (deadline: string | null) => void;
}

export function DeadlineField({ task, disabled, error, onChange }: DeadlineFieldProps) {
  const id = useId();
  // typing a year goes through 0002, 0020, 0202 on the way to 2026: those are kept here, not saved
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        Deadline
      </label>
      <input
        id={id}
        className="input"
        type="date"
        min="1900-01-01"
        max="2999-12-31"
        readOnly={disabled}
        value={draft ?? task.deadline ?? ''}
        onChange={(e) => {
          const value = e.currentTarget.value;
          if (value !== '' && value < '1900') return setDraft(value);
          setDraft(null);
          onChange(value === '' ? null : value);
        }}
        {...errorProps(`${id}-error`, error ?? null)}
      />
      <FieldError id={`${id}-error`} message={error ?? null} />
    </div>
  );
}

interface StartOverFieldProps {
  task: Task;
  disabled: boolean;
  onChange: (on: boolean) => void;
}

export function StartOverField({ task, disabled, onChange }: StartOverFieldProps) {
  return (
    <label className="task-done-field">
      <input
        type="checkbox"
        className="checkbox"
        checked={task.steps_start_over !== false}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
      />
      Start steps over each time
    </label>
  );
}
