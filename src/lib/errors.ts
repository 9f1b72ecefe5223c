// Errors the UI shows to the user; kept here (pure) so validation and the data layer share them.
// Their words are English where they are made (tests, logs and the server's refusals compare
// them byte for byte) and read in the current language wherever `message` is shown.
import { localizeMessage } from './i18n/catalogue';
import { t } from './messages';

/** `message` read in the language of the moment it is read, from the English it was made with. */
function speakOnRead(error: Error, english: string): void {
  Object.defineProperty(error, 'message', { get: () => localizeMessage(english), configurable: true, enumerable: false });
}

/** A field failed SPEC §5 validation; the UI shows `message` next to `field`. Nothing was written. */
export class ValidationError extends Error {
  override readonly name = 'ValidationError';
  /** The message as made, in English: what refusals carry and the sync centre keeps. */
  readonly english: string;
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.english = message;
    speakOnRead(this, message);
  }
}

export const STORAGE_FULL_MESSAGE = 'Storage is full — nothing was saved';

/** SPEC §8's "Storage is full — nothing was saved", in the current language. */
export function storageFullMessage(): string {
  return t('lib.storageFull');
}

/** IndexedDB refused the write for lack of space; the transaction was rolled back. */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  readonly english = STORAGE_FULL_MESSAGE;
  constructor(override readonly cause?: unknown) {
    super(STORAGE_FULL_MESSAGE);
    Object.defineProperty(this, 'message', { get: storageFullMessage, configurable: true, enumerable: false });
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
