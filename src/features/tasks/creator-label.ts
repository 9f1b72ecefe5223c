import type { Member } from '@/domain/model';

/** "Added by …" on a shared list (more than one member); null where it would say nothing new. */
export function creatorLabel(createdBy: string, me: string, members: readonly Member[]): string | null {
  if (members.length < 2) return null;
  if (createdBy === me) return 'Added by you';
  const email = members.find((m) => m.user_id === createdBy)?.email;
  return email ? `Added by ${email}` : 'Added by someone no longer on this list';
}
