// Checks before anything is sent, with the messages shown at the field (the server checks again).
import { normalizeDisplayName } from '@/domain/people-checks';
import { ValidationError } from '@/lib/errors';

export type AuthMode = 'sign-in' | 'sign-up';

export interface CredentialErrors {
  email?: string;
  password?: string;
  /** The optional "Name" of a new account. */
  name?: string;
  /** Not about one field (no network, server trouble). */
  form?: string;
}

export const MIN_PASSWORD = 6;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkCredentials(email: string, password: string, mode: AuthMode): CredentialErrors | null {
  const errors: CredentialErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = 'Enter your e-mail address';
  else if (!EMAIL.test(trimmed)) errors.email = 'Enter a valid e-mail address';
  if (!password) errors.password = mode === 'sign-up' ? 'Choose a password' : 'Enter your password';
  else if (mode === 'sign-up' && password.length < MIN_PASSWORD) errors.password = `Password must be at least ${MIN_PASSWORD} characters`;
  return errors.email || errors.password ? errors : null;
}

/** The e-mail box alone (forgot password, change e-mail): the message, or null when it is fine. */
export function checkEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'Enter your e-mail address';
  return EMAIL.test(trimmed) ? null : 'Enter a valid e-mail address';
}

/** A new password (reset, change): the message, or null when it is fine. */
export function checkNewPassword(password: string): string | null {
  if (!password) return 'Choose a password';
  return password.length < MIN_PASSWORD ? `Password must be at least ${MIN_PASSWORD} characters` : null;
}

/** The sign-up's "Name", trimmed (null: left empty, the e-mail's local part stands in), or its error. */
export function checkName(raw: string): { name: string | null } | { error: string } {
  try {
    return { name: normalizeDisplayName(raw) };
  } catch (err) {
    if (err instanceof ValidationError) return { error: err.message };
    throw err;
  }
}
