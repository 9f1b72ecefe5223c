// Saving one field of the open task: a refusal shows its SPEC §5 message at the field it names
// (or at the top of the form), a full disk as a toast, and what was typed stays.
import { useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { tasks } from '@/data';
import type { TaskPatch } from '@/domain/model';
import type { FieldDraft } from './use-field-draft';

export type TaskField = 'title' | 'notes' | 'due_date' | 'due_time' | 'priority' | 'list_id' | 'repeat' | 'deadline' | 'form';

/** Errors of the fields that save at once (no draft): the date, priority, list and the form. */
export type SavedFieldErrors = Partial<Record<'due_date' | 'priority' | 'list_id' | 'repeat' | 'deadline' | 'form', string>>;

const OWN_FIELDS = ['title', 'notes', 'due_date', 'due_time', 'priority', 'repeat', 'deadline'] as const;

/** Where a refusal of `refused` shows when the user changed `changed`. */
function errorField(refused: string, changed: TaskField): TaskField {
  const own = OWN_FIELDS.find((f) => f === refused);
  if (own) return own;
  return refused === 'list_id' && changed === 'list_id' ? 'list_id' : 'form';
}

interface Drafts {
  title: FieldDraft;
  notes: FieldDraft;
  time: FieldDraft;
}

export function useTaskSave(taskId: string, drafts: Drafts) {
  const [errors, setErrors] = useState<SavedFieldErrors>({});

  function showError(field: TaskField, message: string | null) {
    if (field === 'title') drafts.title.setError(message);
    else if (field === 'notes') drafts.notes.setError(message);
    else if (field === 'due_time') drafts.time.setError(message);
    else setErrors((prev) => ({ ...prev, [field]: message ?? undefined }));
  }

  /** Saves `patch`; on refusal shows the message at the field it names and returns false. */
  async function save(patch: TaskPatch, field: TaskField): Promise<boolean> {
    try {
      await tasks.update(taskId, patch);
      showError(field, null);
      if (field === 'due_date' && 'due_time' in patch) drafts.time.setError(null);
      return true;
    } catch (err) {
      reportWriteError(err, { atField: (message, refused) => showError(errorField(refused, field), message) });
      return false;
    }
  }

  return { save, errors };
}
