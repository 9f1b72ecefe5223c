import { FORMER_MEMBER_ID, FORMER_MEMBER_NAME } from '@/domain/former-member';
import type { Member } from '@/domain/model';
import { personName } from '@/domain/people';

/** "Added by …" on a shared list (more than one member); null where it would say nothing new. */
export function creatorLabel(createdBy: string, me: string, members: readonly Member[]): string | null {
  if (members.length < 2) return null;
  if (createdBy === me) return 'Added by you';
  if (createdBy === FORMER_MEMBER_ID) return `Added by ${FORMER_MEMBER_NAME}`;
  const creator = members.find((m) => m.user_id === createdBy);
  return creator ? `Added by ${personName(creator)}` : 'Added by someone no longer on this list';
}
