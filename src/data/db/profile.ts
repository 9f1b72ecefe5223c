// The person's own profile (SPEC §16) in `meta`, as the last pull brought it, with its digest (like
// the invitations: ./invitations.ts). A change made on this device writes it without the digest,
// so the next pull brings the server's again.
import { EMPTY_PROFILE, type Profile } from '@/domain/people';
import { META } from './identity';
import type { DaybookDb } from './schema';

/** null: this device holds no profile yet (never pulled one, never changed one). */
export async function readProfile(db: DaybookDb): Promise<Profile | null> {
  const value = (await db.meta.get(META.profile))?.value;
  return value && typeof value === 'object' ? { ...EMPTY_PROFILE, ...(value as Partial<Profile>) } : null;
}

/** `digest`: the server's, when this is its profile as a pull sent it. */
export async function writeProfile(db: DaybookDb, profile: Profile, digest?: number): Promise<void> {
  await db.meta.put({ key: META.profile, value: profile });
  if (digest !== undefined) await db.meta.put({ key: META.profileDigest, value: digest });
  else await db.meta.delete(META.profileDigest);
}
