// "Labels" on the Lists screen (SPEC §14.1): the person's labels, each a link to its screen, with
// "Edit label <name>" to rename it, change its colour or delete it. A label is the person's own:
// nobody else sees it, and deleting it takes it off every task it was on (for them only).
import { Link } from '@tanstack/react-router';
import { type CSSProperties, useId, useRef, useState } from 'react';
import { ValidationError } from '@/lib/errors';
import { labels as labelWrites } from '@/data/labels';
import { useLabels } from '@/data/react';
import { LIST_COLORS, type Label, type ListColor } from '@/domain/model';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { FieldError } from '@/ui/field-error';
import { t } from './messages';
import './labels.css';

const colourName = (c: ListColor) => t(`labels.colour.${c}`);

export function LabelsSection() {
  const all = useLabels();
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  return (
    <section className="labels-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="labels-section-title">
        {t('labels.title')}
      </h2>
      {all && all.length === 0 && <p className="labels-empty">{t('labels.none')}</p>}
      {all && all.length > 0 && (
        <ul className="labels-rows" aria-label={t('labels.all')}>
          {all.map((label) =>
            editing === label.id ? (
              <li key={label.id} className="labels-row is-editing">
                <LabelEditor label={label} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={label.id} className="labels-row" style={{ '--label': `var(--list-${label.color})` } as CSSProperties}>
                <Link to="/labels/$labelId" params={{ labelId: label.id }} className="labels-link">
                  <span className="labels-dot" aria-hidden="true" />
                  {label.name}
                </Link>
                <button type="button" className="btn" aria-label={t('labels.editLabel', { name: label.name })} onClick={() => setEditing(label.id)}>
                  {t('labels.edit')}
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function LabelEditor({ label, onDone }: { label: Label; onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState<ListColor>(label.color);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const deleteRef = useRef<HTMLButtonElement>(null);

  async function save() {
    try {
      await labelWrites.update(label.id, { name, color });
      onDone();
    } catch (err) {
      if (!(err instanceof ValidationError)) throw err;
      setError(err.message);
    }
  }

  return (
    <>
    <form
      className="labels-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <input
        className="input"
        type="text"
        aria-label={t('labels.name')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <select className="input" aria-label={t('labels.colour')} value={color} onChange={(e) => setColor(e.target.value as ListColor)}>
        {LIST_COLORS.map((c) => (
          <option key={c} value={c}>
            {colourName(c)}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-primary">
        {t('labels.save')}
      </button>
      <button type="button" className="btn" onClick={onDone}>
        {t('labels.cancel')}
      </button>
      <button ref={deleteRef} type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        {t('labels.delete')}
      </button>
      <FieldError id={`${id}-error`} message={error} />
    </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('labels.deleteTitle', { name: label.name })}
        description={t('labels.deleteText')}
        confirmLabel={t('labels.delete')}
        returnFocus={deleteRef}
        onConfirm={() => {
          setConfirming(false);
          void labelWrites.delete(label.id).then(onDone);
        }}
      />
    </>
  );
}
