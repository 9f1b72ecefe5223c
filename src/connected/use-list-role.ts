import { useIdentity, useMembers } from '@/data/react';
import type { Role } from '@/domain/model';

/**
 * This user's role on a list. A list without a membership row for us (made on this device
 * before its first sync, or the Inbox) is our own. `undefined` while loading.
 */
export function useListRole(listId: string): Role | undefined {
  const identity = useIdentity();
  const members = useMembers(listId);
  if (!identity || !members) return undefined;
  return members.find((m) => m.user_id === identity.userId)?.role ?? 'owner';
}
