// Checks before anything is sent, with the messages shown at the field (the server checks again).
export type AuthMode = 'sign-in' | 'sign-up';

export interface CredentialErrors {
  email?: string;
  password?: string;
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
