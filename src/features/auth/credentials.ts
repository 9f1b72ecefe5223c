// Checks before anything is sent, with the messages shown at the field (the server checks again).
import { normalizeDisplayName } from '@/domain/people-checks';
import { ValidationError } from '@/lib/errors';
import { t } from './messages';

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
  if (!trimmed) errors.email = t('auth.enterEmail');
  else if (!EMAIL.test(trimmed)) errors.email = t('auth.enterValidEmail');
  if (!password) errors.password = mode === 'sign-up' ? t('auth.choosePassword') : t('auth.enterPassword');
  else if (mode === 'sign-up' && password.length < MIN_PASSWORD) errors.password = t('auth.passwordTooShort', { min: MIN_PASSWORD });
  return errors.email || errors.password ? errors : null;
}

/** The e-mail box alone (forgot password, change e-mail): the message, or null when it is fine. */
export function checkEmail(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return t('auth.enterEmail');
  return EMAIL.test(trimmed) ? null : t('auth.enterValidEmail');
}

/** A new password (reset, change): the message, or null when it is fine. */
export function checkNewPassword(password: string): string | null {
  if (!password) return t('auth.choosePassword');
  return password.length < MIN_PASSWORD ? t('auth.passwordTooShort', { min: MIN_PASSWORD }) : null;
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
