// Capture a task in two seconds: type, Enter. Refusals show at the field and keep the text.
import { useId, useRef, useState } from 'react';
import { type NewTask, tasks } from '@/data';
import { PlusIcon } from '@/ui/icons';
import { reportWriteError } from './write-error';
import './quick-add.css';
import { FieldError } from '@/ui/field-error';

export interface QuickAddProps {
  /** Where the task goes: list_id (default the Inbox) and due_date (default none). */
  defaults?: Omit<NewTask, 'title'>;
  placeholder?: string;
  /** Focus the box on mount (the "New task" app shortcut). */
  autoFocus?: boolean;
}

export function QuickAdd({ defaults, placeholder = 'Add a task', autoFocus = false }: QuickAddProps) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  async function add() {
    if (busy) return;
    setBusy(true);
    try {
      await tasks.create({ ...defaults, title });
      setTitle('');
      setError(null);
    } catch (err) {
      // Whatever went wrong, the text stays in the box for another try.
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form
      className="quick-add"
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <div className="quick-add-row">
        <input
          ref={inputRef}
          className="input quick-add-input"
          type="text"
          aria-label="New task"
          placeholder={placeholder}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          enterKeyHint="done"
          autoComplete="off"
          // Only when asked for explicitly, by the app shortcut that opens Today to add a task.
          // biome-ignore lint/a11y/noAutofocus: the user chose "New task", so the box is where they are going
          autoFocus={autoFocus}
        />
        <button type="submit" className="btn btn-primary quick-add-button" aria-label="Add task">
          <PlusIcon />
          <span className="quick-add-button-text" aria-hidden="true">
            Add
          </span>
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}
