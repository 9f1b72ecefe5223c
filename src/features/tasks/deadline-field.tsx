// SPEC §14.3 in the task dialog: "Deadline", a date apart from the due date (the day the task is
// planned for), picked with the app's one calendar as the due date is (a button named
// "Deadline" opening a picker panel, with Today / Tomorrow / Clear deadline); and, for a repeating
// task, "Start steps over each time" (on unless the task says otherwise), which unticks its steps
// when an occurrence is completed.
import { type RefObject, useId } from 'react';
import type { Task } from '@/domain/model';
import { DateChoices } from '@/ui/date-choices';
import { FieldError } from '@/ui/field-error';
import { mediumDate } from '@/ui/format';
import { CalendarIcon } from '@/ui/icons';
import { t } from './messages';

interface DeadlineFieldProps {
  task: Task;
  today: string;
  picker: { open: boolean; toggle: () => void; buttonRef: RefObject<HTMLButtonElement | null> };
  disabled: boolean;
  error: string | undefined;
  onPick: (deadline: string | null) => void;
}

export function DeadlineField({ task, today, picker, disabled, error, onPick }: DeadlineFieldProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const text = task.deadline ? mediumDate(task.deadline, today) : t('tasks.noDeadline');
  return (
    <>
      <div className="field">
        <span className="field-label" id={id('label')}>
          {t('tasks.deadline')}
        </span>
        <button
          ref={picker.buttonRef}
          type="button"
          className="btn date-button"
          aria-labelledby={id('label')}
          aria-describedby={id('value')}
          aria-expanded={picker.open}
          aria-controls={picker.open ? id('picker') : undefined}
          disabled={disabled}
          onClick={picker.toggle}
        >
          <CalendarIcon />
          {/* Drawn from the attribute, as the due date's, so the button's name stays "Deadline". */}
          <span className="date-button-value" data-value={text} aria-hidden="true" />
        </button>
        <span id={id('value')} className="visually-hidden">
          {text}
        </span>
        <FieldError id={id('error')} message={error ?? null} />
      </div>
      {picker.open && (
        <section id={id('picker')} className="picker-panel" aria-label={t('tasks.pickDeadline')}>
          <DateChoices value={task.deadline ?? null} onSelect={onPick} today={today} noDate={task.deadline ? t('tasks.clearDeadline') : false} autoFocus />
        </section>
      )}
    </>
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
      {t('tasks.startOver')}
    </label>
  );
}
