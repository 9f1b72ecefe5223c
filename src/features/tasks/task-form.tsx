import { type RefObject, useId, useRef, useState } from 'react';
import { StorageFullError, tasks, ValidationError } from '@/data';
import { useIdentity, useListSharing, useLists, useMembers } from '@/data/react';
import { DatePicker } from '@/ui/date-picker';
import { mediumDate } from '@/ui/format';
import { CalendarIcon, TrashIcon } from '@/ui/icons';
import { deleteTask } from '@/connected/task-actions';
import { showErrorToast } from '@/ui/toasts';
import { useListRole } from '@/connected/use-list-role';
import { useToday } from '@/ui/use-today';
import { addDays } from '@/lib/dates';
import type { Priority, Task, TaskPatch } from '@/lib/model';
import { creatorLabel } from './creator-label';
import type { FlushEdits } from './task-dialog';
import { useFieldDraft } from './use-field-draft';

const PRIORITIES: { value: Priority; name: string }[] = [
  { value: 0, name: 'None' },
  { value: 1, name: 'Low' },
  { value: 2, name: 'Medium' },
  { value: 3, name: 'High' },
];

type Field = 'title' | 'notes' | 'due_date' | 'due_time' | 'priority' | 'list_id' | 'form';

interface TaskFormProps {
  task: Task;
  flushRef: RefObject<FlushEdits | null>;
  /** Returns true when it handled Escape (closing the date picker). */
  escapeRef: RefObject<(() => boolean) | null>;
  onDeleted: () => void;
}

export function TaskForm({ task, flushRef, escapeRef, onDeleted }: TaskFormProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const today = useToday();
  const lists = useLists();
  const role = useListRole(task.list_id);
  const viewOnly = role === 'viewer';
  const sharing = useListSharing();
  const members = useMembers(task.list_id);
  const identity = useIdentity();
  const addedBy = identity && members ? creatorLabel(task.created_by, identity.userId, members) : null;

  const title = useFieldDraft(task.title);
  const notes = useFieldDraft(task.notes);
  const time = useFieldDraft(task.due_time ?? '');
  const [errors, setErrors] = useState<Partial<Record<'due_date' | 'priority' | 'list_id' | 'form', string>>>({});
  const [pickerOpen, setPickerOpen] = useState(false);
  const dateButtonRef = useRef<HTMLButtonElement>(null);

  function showError(field: Field, message: string | null) {
    if (field === 'title') title.setError(message);
    else if (field === 'notes') notes.setError(message);
    else if (field === 'due_time') time.setError(message);
    else setErrors((prev) => ({ ...prev, [field]: message ?? undefined }));
  }

  /** Saves `patch`; on refusal shows the message at the field it names and returns false. */
  async function save(patch: TaskPatch, field: Field): Promise<boolean> {
    try {
      await tasks.update(task.id, patch);
      showError(field, null);
      if (field === 'due_date' && 'due_time' in patch) time.setError(null);
      return true;
    } catch (err) {
      if (err instanceof ValidationError) {
        const at = (['title', 'notes', 'due_date', 'due_time', 'priority'] as const).find((f) => f === err.field);
        showError(at ?? (err.field === 'list_id' && field === 'list_id' ? 'list_id' : 'form'), err.message);
        return false;
      }
      if (err instanceof StorageFullError) {
        showErrorToast(err.message);
        return false;
      }
      throw err;
    }
  }

  const saveTitle = () => (title.draft === task.title ? Promise.resolve(title.error === null) : save({ title: title.draft }, 'title'));
  const saveNotes = () => (notes.draft === task.notes ? Promise.resolve(notes.error === null) : save({ notes: notes.draft }, 'notes'));
  const saveTime = (value = time.draft) =>
    value === (task.due_time ?? '') && time.error === null
      ? Promise.resolve(true)
      : save({ due_time: value === '' ? null : value }, 'due_time');

  flushRef.current = async () => {
    if (viewOnly) return true;
    const results = [await saveTitle(), await saveNotes(), await saveTime()];
    return results.every(Boolean);
  };
  escapeRef.current = () => {
    if (!pickerOpen) return false;
    closePicker();
    return true;
  };

  function closePicker() {
    setPickerOpen(false);
    dateButtonRef.current?.focus();
  }

  async function pickDate(iso: string | null) {
    const patch: TaskPatch = { due_date: iso };
    // A time refused for lack of a date goes in with the date that was missing.
    if (iso && time.error !== null && time.draft !== '') patch.due_time = time.draft;
    if (await save(patch, 'due_date')) closePicker();
  }

  const dueText = task.due_date ? mediumDate(task.due_date, today) : 'No date';

  const errorProps = (field: string, message: string | null | undefined) =>
    message ? { 'aria-invalid': true as const, 'aria-describedby': id(`${field}-error`) } : {};
  const errorText = (field: string, message: string | null | undefined) =>
    message ? (
      <p id={id(`${field}-error`)} className="field-error" role="alert">
        {message}
      </p>
    ) : null;

  return (
    <div className="dialog-body task-form" data-view-only={viewOnly || undefined}>
      {viewOnly && <p className="task-form-note">You can view this list but not change it.</p>}
      {errorText('form', errors.form)}

      <div className="field">
        <label className="field-label" htmlFor={id('title')}>
          Title
        </label>
        <input
          id={id('title')}
          className="input task-title-input"
          type="text"
          value={title.draft}
          readOnly={viewOnly}
          onChange={(e) => title.setDraft(e.target.value)}
          {...title.focusProps}
          onBlur={() => {
            title.markBlurred();
            void saveTitle();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void saveTitle();
            }
          }}
          {...errorProps('title', title.error)}
        />
        {errorText('title', title.error)}
      </div>

      <div className="field">
        <label className="field-label" htmlFor={id('notes')}>
          Notes
        </label>
        <textarea
          id={id('notes')}
          className="input"
          rows={3}
          value={notes.draft}
          readOnly={viewOnly}
          placeholder={viewOnly ? undefined : 'Add notes'}
          onChange={(e) => notes.setDraft(e.target.value)}
          {...notes.focusProps}
          onBlur={() => {
            notes.markBlurred();
            void saveNotes();
          }}
          {...errorProps('notes', notes.error)}
        />
        {errorText('notes', notes.error)}
      </div>

      <div className="task-form-grid">
        <div className="field">
          <span className="field-label" id={id('date-label')}>
            Due date
          </span>
          <button
            ref={dateButtonRef}
            type="button"
            className="btn date-button"
            aria-labelledby={id('date-label')}
            aria-describedby={id('date-value')}
            aria-expanded={pickerOpen}
            aria-controls={pickerOpen ? id('picker') : undefined}
            disabled={viewOnly}
            onClick={() => (pickerOpen ? closePicker() : setPickerOpen(true))}
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
            Due time
          </label>
          <input
            id={id('time')}
            className="input"
            type="time"
            value={time.draft}
            readOnly={viewOnly}
            onChange={(e) => {
              const value = e.target.value;
              time.setDraft(value);
              // Browsers report '' until every part of the time is filled in.
              if (value !== '') void saveTime(value);
            }}
            {...time.focusProps}
            onBlur={() => {
              time.markBlurred();
              void saveTime();
            }}
            {...errorProps('time', time.error)}
          />
        </div>
      </div>
      {errorText('date', errors.due_date)}
      {errorText('time', time.error)}

      {pickerOpen && (
        <section id={id('picker')} className="picker-panel" aria-label="Pick a due date">
          <div className="picker-shortcuts">
            <button type="button" className="btn btn-sm" onClick={() => void pickDate(today)}>
              Today
            </button>
            <button type="button" className="btn btn-sm" onClick={() => void pickDate(addDays(today, 1))}>
              Tomorrow
            </button>
            {task.due_date && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => void pickDate(null)}>
                Clear date
              </button>
            )}
          </div>
          <DatePicker value={task.due_date} onSelect={(iso) => void pickDate(iso)} autoFocus />
        </section>
      )}

      <div className="task-form-grid">
        <div className="field">
          <label className="field-label" htmlFor={id('priority')}>
            Priority
          </label>
          <select
            id={id('priority')}
            className="input"
            value={task.priority}
            disabled={viewOnly}
            onChange={(e) => void save({ priority: Number(e.target.value) as Priority }, 'priority')}
            {...errorProps('priority', errors.priority)}
          >
            {PRIORITIES.map((p) => (
              <option key={p.value} value={p.value}>
                {p.name}
              </option>
            ))}
          </select>
          {errorText('priority', errors.priority)}
        </div>

        <div className="field">
          <label className="field-label" htmlFor={id('list')}>
            List
          </label>
          <select
            id={id('list')}
            className="input"
            value={task.list_id}
            disabled={viewOnly}
            onChange={(e) => void save({ list_id: e.target.value }, 'list_id')}
            {...errorProps('list', errors.list_id)}
          >
            {(lists ?? []).map((list) => {
              // A list this user may only view can't take tasks: offer it, but not as a choice.
              const closed = sharing?.[list.id]?.role === 'viewer' && list.id !== task.list_id;
              return (
                <option key={list.id} value={list.id} disabled={closed}>
                  {closed ? `${list.name} (view only)` : list.name}
                </option>
              );
            })}
            {!lists?.some((l) => l.id === task.list_id) && <option value={task.list_id}>…</option>}
          </select>
          {errorText('list', errors.list_id)}
        </div>
      </div>

      <label className="task-done-field">
        <input
          type="checkbox"
          className="checkbox"
          checked={task.done}
          disabled={viewOnly}
          onChange={(e) => void save({ done: e.currentTarget.checked }, 'form')}
        />
        Done
      </label>

      {addedBy && <p className="task-added-by">{addedBy}</p>}

      {!viewOnly && (
        <div className="dialog-footer">
          <button
            type="button"
            className="btn btn-danger"
            onClick={async () => {
              if (await deleteTask(task)) onDeleted();
            }}
          >
            <TrashIcon />
            Delete task
          </button>
        </div>
      )}
    </div>
  );
}
