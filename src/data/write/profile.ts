// The person's own profile (SPEC §16), committed through its pure apply (../mutations/profile.ts):
// queued like any change, so a name chosen offline shows at once here and reaches the others later.
import type { ProfilePatch } from '@/domain/people';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { commit } from './commit';
import { write } from './transaction';

async function update(patch: ProfilePatch, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'profile.update', patch));
}

export const profile = { update };
