// Whether this device can share at all, and who "you" are. Sharing needs an account: a
// local-only database (daybook-local) has no server to send invites to.
// TODO(sync status): switch to the sync status hook's account once it lands; this is the one
// place that decides.
import { LOCAL_DATABASE, useDb, useIdentity } from '@/data';
import { readStoredAccount } from '@/sync/boot';

export interface SharingAccount {
  localOnly: boolean;
  /** This user's e-mail address when the device knows it. */
  email: string | null;
}

export function useSharingAccount(): SharingAccount {
  const db = useDb();
  const identity = useIdentity();
  if (db.name === LOCAL_DATABASE) return { localOnly: true, email: null };
  const account = readStoredAccount();
  const email = account.state !== 'local' && account.userId === identity?.userId && account.email ? account.email : null;
  return { localOnly: false, email };
}
