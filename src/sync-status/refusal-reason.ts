// Why the server refused a change, in SPEC §8's words: the sync toasts (in the app shell, on the
// first screen) need only this, so it is apart from change-text.ts, which the sync centre loads
// with its screen.
import type { MutationError } from '@/domain/model';

/** Why the server refused a change, in the words of SPEC §8 (lower case, to follow a colon). */
export function refusalReason(error: MutationError): string {
  switch (error.code) {
    case 'forbidden':
      return 'you can only view this list';
    case 'not_found':
      return 'it was deleted or unshared';
    case 'deleted':
      return 'it was deleted on another device';
    case 'stale':
      return 'the repeat was changed on another device — complete it again';
    case 'too_large':
      return error.message || 'it is too large to sync';
    default:
      return error.message || 'the server refused it';
  }
}
