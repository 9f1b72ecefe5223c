// Errors the UI shows to the user; kept here (pure) so validation and the data layer share them.

/** A field failed SPEC §5 validation; the UI shows `message` next to `field`. Nothing was written. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const STORAGE_FULL_MESSAGE = 'Storage is full — nothing was saved';

/** IndexedDB refused the write for lack of space; the transaction was rolled back. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(override readonly cause?: unknown) {
    super(STORAGE_FULL_MESSAGE);
  }
}

/** Dexie wraps DOMExceptions, so the quota signal may sit on the error itself or on `inner`. */
export function isQuotaError(err: unknown): boolean {
  return hasErrorNamed(err, 'QuotaExceededError');
}

/**
 * Whether `err` is, or wraps, an error called `name`: Dexie wraps IndexedDB's errors (`inner`),
 * and a bulk write reports each failed row's (`failures`).
 */
export function hasErrorNamed(err: unknown, name: string, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { name?: unknown; inner?: unknown; failures?: unknown };
  if (e.name === name) return true;
  if (Array.isArray(e.failures) && e.failures.some((f) => hasErrorNamed(f, name, depth + 1))) return true;
  return hasErrorNamed(e.inner, name, depth + 1);
}
