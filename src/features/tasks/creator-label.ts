import { FORMER_MEMBER_ID } from '@/domain/former-member';
import type { Member } from '@/domain/model';
import { personName } from '@/domain/people';
import { t } from './messages';

/** "Added by …" on a shared list (more than one member); null where it would say nothing new. */
export function creatorLabel(createdBy: string, me: string, members: readonly Member[]): string | null {
  if (members.length < 2) return null;
  if (createdBy === me) return t('tasks.addedByYou');
  if (createdBy === FORMER_MEMBER_ID) return t('tasks.addedByFormerMember');
  const creator = members.find((m) => m.user_id === createdBy);
  return creator ? t('tasks.addedBy', { name: personName(creator) }) : t('tasks.addedByFormer');
}
