// What the share dialog refuses before anything is queued, with the message shown at the
// Email field. The server checks again (an address with no account is invited all the same).
import { t } from './messages';

/** The data layer's own test (members.invite): something, an @, something, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface InviteContext {
  /** This user's address, when known (account or own membership row). */
  myEmail: string | null;
  /** Addresses already on the list. */
  memberEmails: readonly string[];
  /** Addresses with an invite queued on this device. */
  pendingEmails: readonly string[];
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The message for a draft address that can't be invited, or null when it may be sent. */
export function inviteProblem(draft: string, context: InviteContext): string | null {
  const email = draft.trim();
  if (email === '') return t('sharing.checkEmpty');
  if (!EMAIL.test(email)) return t('sharing.checkInvalid');
  if (context.myEmail && same(email, context.myEmail)) return t('sharing.checkOwn');
  if (context.memberEmails.some((m) => m !== '' && same(m, email))) {
    return t('sharing.checkMember', { email });
  }
  if (context.pendingEmails.some((m) => same(m, email))) return t('sharing.checkWaiting', { email });
  return null;
}
