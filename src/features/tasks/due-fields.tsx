// The task's due date and time. The date is a button named "Due date" (SPEC §10) that opens a
// picker panel below the fields, with its shortcuts (ui/date-choices); the time is a
// time input that saves as soon as it holds a whole time.
import { type RefObject, useId, useRef, useState } from 'react';
import type { Task } from '@/domain/model';
import { DateChoices } from '@/ui/date-choices';
import { errorProps, FieldError } from '@/ui/field-error';
import { mediumDate } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { CalendarIcon } from '@/ui/icons';
import type { FieldDraft } from './use-field-draft';
import { t } from './messages';

/** Whether the date picker is open; closing it gives focus back to the date button. */
export function usePickerState() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  return { open, close, toggle: () => (open ? close() : setOpen(true)), buttonRef };
}

interface DueFieldsProps {
  task: Task;
  today: string;
  picker: { open: boolean; toggle: () => void; buttonRef: RefObject<HTMLButtonElement | null> };
  time: FieldDraft;
  dateError: string | undefined;
  viewOnly: boolean;
  onPickDate: (iso: string | null) => void;
  onSaveTime: (value?: string) => void;
}

export function DueFields({ task, today, picker, time, dateError, viewOnly, onPickDate, onSaveTime }: DueFieldsProps) {
  useFormatAnswers();
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const dueText = task.due_date ? mediumDate(task.due_date, today) : t('tasks.noDate');
  return (
    <>
      <div className="task-form-grid">
        <div className="field">
          <span className="field-label" id={id('date-label')}>
            {t('tasks.dueDate')}
          </span>
          <button
            ref={picker.buttonRef}
            type="button"
            className="btn date-button"
            aria-labelledby={id('date-label')}
            aria-describedby={id('date-value')}
            aria-expanded={picker.open}
            aria-controls={picker.open ? id('picker') : undefined}
            disabled={viewOnly}
            onClick={picker.toggle}
          >
            <CalendarIcon />
            {/* The value is drawn from the attribute so the button's name stays "Due date" (its
                visible label above) with nothing in its text to contradict it; the value is
                read out as the description. */}
            <span className="date-button-value" data-value={dueText} aria-hidden="true" />
          </button>
          <span id={id('date-value')} className="visually-hidden">
            {dueText}
          </span>
        </div>

        <div className="field">
          <label className="field-label" htmlFor={id('time')}>
            {t('tasks.dueTime')}
          </label>
          <input
            id={id('time')}
            className="input"
            type="time"
            readOnly={viewOnly}
            {...time.inputProps(() => onSaveTime())}
            onChange={(e) => {
              const value = e.target.value;
              time.setDraft(value);
              // Browsers report '' until every part of the time is filled in.
              if (value !== '') onSaveTime(value);
            }}
            {...errorProps(id('time-error'), time.error)}
          />
        </div>
      </div>
      <FieldError id={id('date-error')} message={dateError} />
      <FieldError id={id('time-error')} message={time.error} />

      {picker.open && (
        <section id={id('picker')} className="picker-panel" aria-label={t('tasks.pickDueDate')}>
          <DateChoices value={task.due_date} onSelect={onPickDate} today={today} noDate={task.due_date ? t('tasks.noDate') : false} autoFocus />
        </section>
      )}
    </>
  );
}
