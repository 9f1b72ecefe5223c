// An email address field: the keyboard and corrections phones should use for an address, and
// the aria-invalid/aria-describedby pair that ties it to the error shown under it.
import type { InputHTMLAttributes, Ref } from 'react';

type EmailInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** The id of the error shown for this field, or null when there is none. */
  errorId: string | null;
};

export function EmailInput({ errorId, ...rest }: EmailInputProps) {
  return (
    <input
      className="input"
      type="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId ?? undefined}
      {...rest}
    />
  );
}
