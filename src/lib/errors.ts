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
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { name, inner } = e as { name?: unknown; inner?: unknown };
    if (name === 'QuotaExceededError') return true;
    e = inner;
  }
  return false;
}
