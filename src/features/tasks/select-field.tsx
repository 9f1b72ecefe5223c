// A labelled select of the task form that saves on change, with its error under it.
import { type ReactNode, useId } from 'react';
import { errorProps, FieldError } from '@/ui/field-error';

interface SelectFieldProps {
  label: string;
  value: string | number;
  disabled: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}

export function SelectField({ label, value, disabled, error, onChange, children }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        {...errorProps(`${id}-error`, error)}
      >
        {children}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
