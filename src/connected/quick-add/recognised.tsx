// Under the field, while typing: what quick add recognised, one chip per part, each with a button
// that puts its words back into the title (SPEC §11.2: a region named "Recognised"). A polite
// live line says the same in words for screen readers, once the typing settles.
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import type { ListColor } from '@/domain/model';
import type { Part } from '@/domain/quick-add';
import { CalendarIcon, ClockIcon, FlagIcon, SyncIcon } from '@/ui/icons';
import { CloseIcon } from '@/ui/icons-more';
import { t } from './messages';

export interface Chip {
  part: Part;
  label: string;
  /** The dismiss button's name: "Keep “tomorrow” in the title". */
  keep: string;
  /** A list's colour, for its dot. */
  color?: ListColor;
}

interface RecognisedProps {
  chips: readonly Chip[];
  onDismiss: (part: Part) => void;
}

/** Long enough that "fri… friday" isn't announced letter by letter. */
const SETTLE_MS = 700;

function chipIcon({ part, color = 'grey' }: Chip): ReactNode {
  switch (part.kind) {
    case 'date':
    case 'deadline':
      return <CalendarIcon />;
    case 'time':
    case 'duration':
      return <ClockIcon />;
    case 'priority':
      return <FlagIcon />;
    case 'repeat':
      return <SyncIcon />;
    case 'list':
      return <span className="list-dot" aria-hidden="true" style={{ '--accent': `var(--list-${color})` } as CSSProperties} />;
    case 'label':
      return <span className="quick-add-chip-at" aria-hidden="true" />;
  }
}

export function Recognised({ chips, onDismiss }: RecognisedProps) {
  const summary = chips.length ? t('quickAdd.recognisedSummary', { parts: chips.map((c) => c.label).join(', ') }) : '';
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setSpoken(summary), SETTLE_MS);
    return () => clearTimeout(id);
  }, [summary]);

  return (
    <>
      {chips.length > 0 && (
        <section className="quick-add-recognised" aria-label={t('quickAdd.recognised')}>
          <ul className="quick-add-chips">
            {chips.map((chip) => {
              const { part, label, keep } = chip;
              return (
              <li key={`${part.kind}:${part.start}`} className={`quick-add-chip is-${part.kind}${part.kind === 'priority' ? ` priority-${part.value}` : ''}`}>
                {chipIcon(chip)}
                <span className="quick-add-chip-label">{label}</span>
                <button type="button" className="quick-add-chip-dismiss" aria-label={keep} title={keep} onClick={() => onDismiss(part)}>
                  <CloseIcon />
                </button>
              </li>
              );
            })}
          </ul>
        </section>
      )}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {spoken}
      </p>
    </>
  );
}
