// Whether this device's user owns a list, from the membership rows the data layer keeps.
import { useIdentity, useMembers } from '@/data';
import type { List } from '@/lib/model';

/**
 * `undefined` while loading. With no membership row for us the list was made on this device
 * (before its first sync), so it is ours when we are its owner_id — the data layer reasons the same way.
 */
export function useIsListOwner(list: List | null | undefined): boolean | undefined {
  const identity = useIdentity();
  const members = useMembers(list?.id ?? '');
  if (!list || !identity || !members) return undefined;
  const me = members.find((m) => m.user_id === identity.userId);
  return me ? me.role === 'owner' : list.owner_id === identity.userId;
}
