// The body of the task dialog (SPEC §10): every field saves on change or blur; a refusal shows
// its SPEC §5 message at the field and keeps what was typed. The dialog reaches it through a
// TaskFormHandle: save pending text before closing, and let an open date picker take Escape.
import { type Ref, useId, useImperativeHandle, useRef } from 'react';
import { deleteTask } from '@/connected/task-actions';
import { useListRole } from '@/connected/use-list-role';
import { useIdentity, useMembers } from '@/data/react';
import type { Task, TaskPatch } from '@/domain/model';
import { errorProps, FieldError } from '@/ui/field-error';
import { TrashIcon } from '@/ui/icons-more';
import { useToday } from '@/ui/use-today';
import { AddToCalendarButton } from './add-to-calendar';
import { AssigneeField } from './assignee-field';
import { CommentsSection } from './comments-section';
import { HistorySection } from './history-section';
import { creatorLabel } from './creator-label';
import { DeadlineField, StartOverField } from './deadline-field';
import { DueFields, usePickerState } from './due-fields';
import { DurationField } from './duration-field';
import { LabelsField } from './labels-field';
import { ListField } from './list-field';
import { PriorityField } from './priority-field';
import { ReminderField } from './reminder-field';
import { RepeatField } from './repeat-field';
import { StepsField } from './steps-field';
import type { TaskFormHandle } from './task-form-handle';
import { useFieldDraft } from './use-field-draft';
import { useTaskSave } from './use-task-save';
import { t } from './messages';

interface TaskFormProps {
  task: Task;
  ref: Ref<TaskFormHandle>;
  /** The person chose "Delete task": the dialog closes, then the delete is written. */
  onDelete: () => void;
}

export function TaskForm({ task, ref, onDelete }: TaskFormProps) {
  const ids = useId();
  const id = (name: string) => `${ids}-${name}`;
  const today = useToday();
  const role = useListRole(task.list_id);
  const viewOnly = role === 'viewer';
  // the comment boxes' "@" suggestions take Escape before the dialog does
  const escapers = useRef(new Set<() => boolean>());
  const members = useMembers(task.list_id);
  const identity = useIdentity();
  const addedBy = identity && members ? creatorLabel(task.created_by, identity.userId, members) : null;

  const title = useFieldDraft(task.title);
  const notes = useFieldDraft(task.notes);
  const time = useFieldDraft(task.due_time ?? '');
  const { save, errors } = useTaskSave(task.id, { title, notes, time });
  const picker = usePickerState();
  const deadlinePicker = usePickerState();

  const saveTitle = () => (title.draft === task.title ? Promise.resolve(title.error === null) : save({ title: title.draft }, 'title'));
  const saveNotes = () => (notes.draft === task.notes ? Promise.resolve(notes.error === null) : save({ notes: notes.draft }, 'notes'));
  const saveTime = (value = time.draft) =>
    value === (task.due_time ?? '') && time.error === null
      ? Promise.resolve(true)
      : save({ due_time: value === '' ? null : value }, 'due_time');

  // Recreated on every render, so the dialog always calls the closures over the latest drafts.
  useImperativeHandle(ref, () => ({
    flush: async () => {
      if (viewOnly) return true;
      const results = [await saveTitle(), await saveNotes(), await saveTime()];
      return results.every(Boolean);
    },
    escape: () => {
      for (const close of escapers.current) if (close()) return true;
      const open = [picker, deadlinePicker].find((p) => p.open);
      if (!open) return false;
      open.close();
      return true;
    },
  }));

  async function pickDate(iso: string | null) {
    const patch: TaskPatch = { due_date: iso };
    // A time refused for lack of a date goes in with the date that was missing.
    if (iso && time.error !== null && time.draft !== '') patch.due_time = time.draft;
    if (await save(patch, 'due_date')) picker.close();
  }

  async function pickDeadline(iso: string | null) {
    if (await save({ deadline: iso }, 'deadline')) deadlinePicker.close();
  }

  return (
    <div className="dialog-body task-form" data-view-only={viewOnly || undefined}>
      {viewOnly && <p className="task-form-note">{t('tasks.viewOnly')}</p>}
      <FieldError id={id('form-error')} message={errors.form} />

      <div className="field">
        <label className="field-label" htmlFor={id('title')}>
          {t('tasks.title')}
        </label>
        <input
          id={id('title')}
          className="input task-title-input"
          type="text"
          readOnly={viewOnly}
          {...title.inputProps(() => void saveTitle())}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void saveTitle();
            }
          }}
          {...errorProps(id('title-error'), title.error)}
        />
        <FieldError id={id('title-error')} message={title.error} />
      </div>

      <div className="field">
        <label className="field-label" htmlFor={id('notes')}>
          {t('tasks.notes')}
        </label>
        <textarea
          id={id('notes')}
          className="input"
          rows={3}
          readOnly={viewOnly}
          placeholder={viewOnly ? undefined : t('tasks.addNotes')}
          {...notes.inputProps(() => void saveNotes())}
          {...errorProps(id('notes-error'), notes.error)}
        />
        <FieldError id={id('notes-error')} message={notes.error} />
      </div>

      <DueFields
        task={task}
        today={today}
        picker={picker}
        time={time}
        dateError={errors.due_date}
        viewOnly={viewOnly}
        onPickDate={(iso) => void pickDate(iso)}
        onSaveTime={(value) => void saveTime(value)}
      />
      <DurationField task={task} disabled={viewOnly} error={undefined} onChange={(minutes) => void save({ duration_min: minutes }, 'form')} />

      <RepeatField task={task} disabled={viewOnly} error={errors.repeat} onChange={(patch) => void save(patch, 'repeat')} />

      <DeadlineField
        task={task}
        today={today}
        picker={deadlinePicker}
        disabled={viewOnly}
        error={errors.deadline}
        onPick={(iso) => void pickDeadline(iso)}
      />

      <ReminderField task={task} />

      {members && members.length > 1 && (
        <AssigneeField task={task} members={members} disabled={viewOnly} error={undefined} onChange={(patch) => void save(patch, 'form')} />
      )}
      <LabelsField taskId={task.id} />

      <StepsField taskId={task.id} viewOnly={viewOnly} />
      {task.repeat && (
        <StartOverField task={task} disabled={viewOnly} onChange={(on) => void save({ steps_start_over: on }, 'form')} />
      )}

      <div className="task-form-grid">
        <PriorityField
          value={task.priority}
          disabled={viewOnly}
          error={errors.priority}
          onChange={(priority) => void save({ priority }, 'priority')}
        />
        <ListField
          value={task.list_id}
          disabled={viewOnly}
          error={errors.list_id}
          onChange={(listId) => void save({ list_id: listId }, 'list_id')}
        />
      </div>

      <label className="task-done-field">
        <input
          type="checkbox"
          className="checkbox"
          checked={task.done}
          disabled={viewOnly}
          onChange={(e) => void save({ done: e.currentTarget.checked }, 'form')}
        />
        {t('tasks.done')}
      </label>

      {addedBy && <p className="task-added-by">{addedBy}</p>}

      <CommentsSection taskId={task.id} role={role} me={identity?.userId} members={members ?? []} escapers={escapers} />

      {identity && <HistorySection task={task} viewOnly={viewOnly} />}

      <div className="dialog-footer">
        <AddToCalendarButton task={task} />
        {!viewOnly && (
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              // The dialog closes first: deleting first showed "This task doesn't exist" in it
              // until the write ended, and a reload meanwhile reopened the gone task's address.
              // A refused delete leaves the task in its list and says why in a toast.
              onDelete();
              void deleteTask(task);
            }}
          >
            <TrashIcon />
            {t('tasks.deleteTask')}
          </button>
        )}
      </div>
    </div>
  );
}
