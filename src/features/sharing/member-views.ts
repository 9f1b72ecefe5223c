// The share dialog's people, in the order it shows them: the owner, then you, then everyone
// else by name. A list made on this device has only its owner's row, whose e-mail the
// server fills in at the first sync, so "you" borrow the account's address meanwhile.
import type { ListColor, Member, Role } from '@/domain/model';
import { defaultPersonColor, emailName, personColor } from '@/domain/people';
import { t } from './messages';

export interface MemberView {
  userId: string;
  /** '' when not known yet (your own row before the first sync, on a device without the address). */
  email: string;
  /** The name others see (SPEC §16); '' only with no e-mail known either. */
  name: string;
  color: ListColor;
  role: Role;
  isMe: boolean;
}

/** "Owner", "Editor" or "Viewer", in the current language. */
export const roleName = (role: Role) => t('sharing.role', { role });

export function memberViews(members: readonly Member[], me: string, myEmail: string | null): MemberView[] {
  const views: MemberView[] = members.map((m) => {
    const email = m.email || (m.user_id === me ? (myEmail ?? '') : '');
    return { userId: m.user_id, email, name: m.display_name || emailName(email), color: personColor(m), role: m.role, isMe: m.user_id === me };
  });
  // No rows at all (a list from before memberships were mirrored): it is ours alone.
  if (!views.some((v) => v.isMe) && !views.some((v) => v.role === 'owner')) {
    views.push({ userId: me, email: myEmail ?? '', name: emailName(myEmail ?? ''), color: defaultPersonColor(me), role: 'owner', isMe: true });
  }
  const rank = (v: MemberView) => (v.role === 'owner' ? 0 : v.isMe ? 1 : 2);
  return views.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
}

/** This user's role on the list; no row means a list of our own. */
export function myRole(members: readonly Member[], me: string): Role {
  return members.find((m) => m.user_id === me)?.role ?? 'owner';
}
