// The form behind "New list" and "Edit list": name and colour, with refusals shown at the field.
// Nothing typed is cleared on a refusal; a full disk keeps the dialog open with a toast.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import type { ListColor } from '@/domain/model';
import { ColorField } from './color-field';
import { DialogClose } from '@/ui/dialog-shell';
import { FieldError } from '@/ui/field-error';
import { t } from './messages';

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
      // A full disk (a toast) leaves no field in the wrong; a refused field shows only its own error.
      setErrors({});
      reportWriteError(err, {
        atField: (message, field) => setErrors({ [field === 'name' || field === 'color' ? field : 'form']: message }),
        unexpected: t('lists.saveFailed'),
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="lists-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`} className="field-label">
          {t('lists.name')}
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
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <ColorField value={color} onChange={setColor} error={errors.color ?? null} />
      <FieldError message={errors.form} />
      <div className="lists-dialog-actions">
        <DialogClose asChild>
          <button type="button" className="btn">
            {t('lists.cancel')}
          </button>
        </DialogClose>
        <button type="submit" className="btn btn-primary" aria-disabled={saving || undefined}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
