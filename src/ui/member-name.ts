// What a person is called on screen, from their membership row: their display name when they
// have one (rows from servers that send it), else their e-mail. Someone no longer on the list
// (no row) is "Former member".
import type { Member } from '@/domain/model';

export const FORMER_MEMBER = 'Former member';

/** The member's name as shown; `undefined` (no longer a member) is "Former member". */
export function memberName(member: Member | undefined): string {
  if (!member) return FORMER_MEMBER;
  const display = (member as Member & { display_name?: string | null }).display_name?.trim();
  return display || member.email;
}

/** The name of the member `userId` among `members`. */
export function nameOf(members: readonly Member[] | undefined, userId: string): string {
  return memberName(members?.find((m) => m.user_id === userId));
}
