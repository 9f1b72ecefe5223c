// Whether this device can share at all, and who "you" are. Sharing needs an account: without
// one there is no server to send invites to. The one place that decides, from the sync status.
import { useAccount } from '@/sync-status/use-sync-status';
import { useIdentity } from '@/data/react';

export interface SharingAccount {
  localOnly: boolean;
  /** This user's e-mail address when the device knows it. */
  email: string | null;
}

export function useSharingAccount(): SharingAccount {
  const account = useAccount();
  const identity = useIdentity();
  if (account.state === 'local') return { localOnly: true, email: null };
  // Only the open database's own user: during a switch the account may be ahead of it.
  const email = account.userId === identity?.userId && account.email ? account.email : null;
  return { localOnly: false, email };
}
