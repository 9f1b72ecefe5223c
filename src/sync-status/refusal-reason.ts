// Why the server refused a change, in SPEC §8's words: the sync toasts (in the app shell, on the
// first screen) need only this, so it is apart from change-text.ts, which the sync centre loads
// with its screen.
import type { MutationError } from '@/domain/model';
import { t } from './messages';

/** Why the server refused a change, in the words of SPEC §8 (lower case, to follow a colon). */
export function refusalReason(error: MutationError): string {
  switch (error.code) {
    case 'forbidden':
      return t('syncStatus.reasonForbidden');
    case 'not_found':
      return t('syncStatus.reasonNotFound');
    case 'deleted':
      return t('syncStatus.reasonDeleted');
    case 'stale':
      return t('syncStatus.reasonStale');
    case 'too_large':
      return error.message || t('syncStatus.reasonTooLarge');
    default:
      return error.message || t('syncStatus.reasonRefused');
  }
}
