// The colour choice: a radio group of the eight list colours, each a visible swatch with its name.
import { useId } from 'react';
import type { ListColor } from '@/domain/model';
import { COLOR_CHOICES, colorName, colorVar } from './colors';
import { t } from './messages';
import { FieldError } from '@/ui/field-error';

interface ColorFieldProps {
  value: ListColor;
  onChange: (color: ListColor) => void;
  error?: string | null;
}

export function ColorField({ value, onChange, error }: ColorFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <span id={`${id}-label`} className="field-label">
        {t('lists.colour')}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={error ? `${id}-error` : undefined}
        className="lists-swatches"
      >
        {COLOR_CHOICES.map(({ color }) => (
          <label key={color} className="lists-swatch" style={{ '--swatch': colorVar(color) } as React.CSSProperties}>
            <input
              type="radio"
              name={`${id}-color`}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className="lists-swatch-input"
            />
            <span className="lists-swatch-dot" aria-hidden="true" />
            <span className="lists-swatch-name">{colorName(color)}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
