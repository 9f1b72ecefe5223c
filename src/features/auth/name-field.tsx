// The sign-up's "Name" (SPEC §16): optional, for a new account only. Left empty, the part of the
// e-mail before @ stands in until the person chooses a name in Settings.
import { errorProps, FieldError } from '@/ui/field-error';
import { t } from './messages';

interface NameFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

export function NameField({ id, value, onChange, error }: NameFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {t('auth.name')}
      </label>
      <input
        id={id}
        className="input"
        name="name"
        autoComplete="name"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...errorProps(`${id}-error`, error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      <FieldError id={`${id}-error`} message={error} />
      {!error && (
        <p id={`${id}-hint`} className="auth-hint">
          {t('auth.nameHint')}
        </p>
      )}
    </div>
  );
}
