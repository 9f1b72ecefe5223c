// The form behind "New list" and "Edit list": name and colour, with refusals shown at the field.
// Nothing typed is cleared on a refusal; a full disk keeps the dialog open with a toast.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { showErrorToast } from '@/ui/toasts';
import { StorageFullError, ValidationError } from '@/data';
import type { ListColor } from '@/lib/model';
import { ColorField } from './color-field';
import { DialogClose } from './list-dialog';

export interface ListDraftValues {
  name: string;
  color: ListColor;
}

interface ListFormProps {
  initial: ListDraftValues;
  submitLabel: string;
  /** Saves the draft; throws ValidationError / StorageFullError to refuse it. */
  onSubmit: (draft: ListDraftValues) => Promise<unknown>;
  onSaved: () => void;
}

export function ListForm({ initial, submitLabel, onSubmit, onSaved }: ListFormProps) {
  const id = useId();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState<ListColor>(initial.color);
  const [errors, setErrors] = useState<{ name?: string; color?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (errors.name) nameRef.current?.focus();
  }, [errors.name]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await onSubmit({ name, color });
      setErrors({});
      onSaved();
    } catch (err) {
      if (err instanceof ValidationError) {
        const key = err.field === 'name' || err.field === 'color' ? err.field : 'form';
        setErrors({ [key]: err.message });
      } else if (err instanceof StorageFullError) {
        setErrors({});
        showErrorToast(err.message);
      } else {
        console.error(err);
        showErrorToast('Something went wrong — nothing was saved');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="lists-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field-label">
          List name
        </label>
        <input
          id={`${id}-name`}
          ref={nameRef}
          className="input"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="off"
          enterKeyHint="done"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name && (
          <p id={`${id}-name-error`} role="alert" className="field-error">
            {errors.name}
          </p>
        )}
      </div>
      <ColorField value={color} onChange={setColor} error={errors.color ?? null} />
      {errors.form && (
        <p role="alert" className="field-error">
          {errors.form}
        </p>
      )}
      <div className="lists-dialog-actions">
        <DialogClose asChild>
          <button type="button" className="btn">
            Cancel
          </button>
        </DialogClose>
        <button type="submit" className="btn btn-primary" aria-disabled={saving || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
