// What a person is called on screen, from their membership row: their display name, else the
// part of their e-mail before @ (domain/people). Someone no longer on the list (no row), or an
// account deleted since, is "Former member".
import { FORMER_MEMBER_NAME } from '@/domain/former-member';
import type { ListColor, Member } from '@/domain/model';
import { personColor, personName } from '@/domain/people';

export const FORMER_MEMBER = FORMER_MEMBER_NAME;

/** The member's name as shown; `undefined` (no longer a member) is "Former member". */
export function memberName(member: Member | undefined): string {
  return member ? personName(member) : FORMER_MEMBER;
}

/** The member `userId` among `members`, as an avatar shows them: name and colour. */
export function personIn(members: readonly Member[] | undefined, userId: string): { name: string; color: ListColor } {
  const member = members?.find((m) => m.user_id === userId);
  return member ? { name: personName(member), color: personColor(member) } : { name: FORMER_MEMBER, color: 'grey' };
}
