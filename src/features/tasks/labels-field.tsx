// The person's labels on the task (SPEC §14.1): a group "Labels" with a chip per label (each with
// "Remove label <name>") and a box "Add label" that offers the person's labels and makes a new one
// from any other name on Enter. Labels are the person's own, so viewers of a shared list may label
// for themselves too.
import { type CSSProperties, useId, useState } from 'react';
import { ValidationError } from '@/lib/errors';
import { labels as labelWrites } from '@/data/labels';
import { useLabels, useLabelsByTask } from '@/data/react';
import { FieldError } from '@/ui/field-error';
import { CloseIcon } from '@/ui/icons-more';
import { t } from './messages';

export function LabelsField({ taskId }: { taskId: string }) {
  const id = useId();
  const all = useLabels();
  const on = useLabelsByTask()?.get(taskId) ?? [];
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onIds = new Set(on.map((l) => l.id));
  const offered = (all ?? []).filter((l) => !onIds.has(l.id));

  async function run(write: () => Promise<void>) {
    setError(null);
    try {
      await write();
      return true;
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      setError(err.message);
      return false;
    }
  }

  async function add() {
    if (!name.trim()) return;
    if (await run(() => labelWrites.addByName(taskId, [name]))) setName('');
  }

  return (
    <fieldset className="field labels-field">
      <legend className="field-label">{t('tasks.labels')}</legend>
      {on.length > 0 && (
        <ul className="labels-field-chips">
          {on.map((l) => (
            <li key={l.id} className="task-label" style={{ '--label': `var(--list-${l.color})` } as CSSProperties}>
              {l.name}
              <button
                type="button"
                className="labels-field-remove"
                aria-label={t('tasks.removeLabel', { name: l.name })}
                onClick={() => void run(() => labelWrites.remove(taskId, l.id))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="labels-field-add">
        <input
          className="input"
          type="text"
          aria-label={t('tasks.addLabel')}
          placeholder={t('tasks.addLabelPlaceholder')}
          list={`${id}-labels`}
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void add();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <datalist id={`${id}-labels`}>
          {offered.map((l) => (
            <option key={l.id} value={l.name} />
          ))}
        </datalist>
        <button type="button" className="btn" onClick={() => void add()} disabled={!name.trim()}>
          {name.trim() && !(all ?? []).some((l) => l.name.toLowerCase() === name.trim().toLowerCase()) ? t('tasks.newLabel', { name: name.trim() }) : t('tasks.add')}
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
