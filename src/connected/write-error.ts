// A write the data layer refused, told to the user: at the field when the form has one, else as a toast.
import { StorageFullError, ValidationError } from '@/data';
import { showErrorToast } from '@/ui/toasts';

/**
 * Shows why a write was refused: a validation message at the field when the caller has one
 * (`atField`), else as a toast, and a full disk always as the toast. Anything unexpected is
 * rethrown. Callers keep what was typed either way.
 */
export function reportWriteError(err: unknown, atField?: (message: string) => void): void {
  if (err instanceof ValidationError && atField) atField(err.message);
  else if (err instanceof StorageFullError || err instanceof ValidationError) showErrorToast(err.message);
  else throw err;
}
