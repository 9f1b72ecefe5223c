// A write the data layer refused, told to the user: at the field when the form has one, else as a
// toast. Every screen that writes reports refusals through here, so they read the same everywhere.
import { StorageFullError, ValidationError } from '@/data';
import { showErrorToast } from '@/ui/toasts';

/** The words for a refused write (invalid, or no room on the device), or null for anything else. */
export function refusalMessage(err: unknown): string | null {
  return err instanceof ValidationError || err instanceof StorageFullError ? err.message : null;
}

export interface WriteErrorOptions {
  /** Shows a validation message at the field it names (`field` is the refused field). */
  atField?: (message: string, field: string) => void;
  /** For anything that is not a refusal: log it and toast this instead of rethrowing. */
  unexpected?: string;
}

/**
 * Shows why a write was refused: a validation message at the field when the caller has one
 * (`atField`), else as a toast, and a full disk always as the toast. Anything unexpected is
 * rethrown, or logged and told as `unexpected`. Callers keep what was typed either way.
 */
export function reportWriteError(err: unknown, { atField, unexpected }: WriteErrorOptions = {}): void {
  const message = refusalMessage(err);
  if (message === null) {
    if (unexpected === undefined) throw err;
    console.error(err);
    showErrorToast(unexpected);
  } else if (err instanceof ValidationError && atField) atField(message, err.field);
  else showErrorToast(message);
}
