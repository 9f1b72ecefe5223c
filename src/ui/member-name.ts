// What a person is called on screen, from their membership row: their display name, else the
// part of their e-mail before @ (domain/people). Someone no longer on the list (no row), or an
// account deleted since, is "Former member".
import type { ListColor, Member } from '@/domain/model';
import { personColor, personName } from '@/domain/people';
import { t } from './messages';

/** "Former member", in the current language. */
export const formerMember = (): string => t('ui.formerMember');

/** The member's name as shown; `undefined` (no longer a member) is "Former member". */
export function memberName(member: Member | undefined): string {
  return member ? personName(member) : formerMember();
}

/** The member `userId` among `members`, as an avatar shows them: name and colour. */
export function personIn(members: readonly Member[] | undefined, userId: string): { name: string; color: ListColor } {
  const member = members?.find((m) => m.user_id === userId);
  return member ? { name: personName(member), color: personColor(member) } : { name: formerMember(), color: 'grey' };
}
