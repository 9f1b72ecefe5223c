// profile.update as a pure apply (SPEC §16). The person's own profile: each field named is set,
// null clearing it. The person's member rows carry the name and colour the others see, so a change
// of either rewrites them here as the server does (supabase/schemas/apply_profile.sql), with the
// stand-ins a person who has not chosen gets (src/domain/people.ts).
import { defaultPersonColor, EMPTY_PROFILE, emailName, type Profile } from '@/domain/people';
import { checkProfilePatch } from '@/domain/people-checks';
import type { Member } from '@/domain/model';
import { refuse, valid } from './checks';
import type { MutationDef } from './types';

export const profileUpdate: MutationDef<'profile.update'> = {
  reads: () => ({ profile: true, myMembers: true }),
  apply(rows, args, { userId }) {
    if (typeof args !== 'object' || args === null || Array.isArray(args)) refuse('invalid', 'A profile change must be an object');
    const patch = valid(() => checkProfilePatch(args));
    const profile: Profile = { ...EMPTY_PROFILE, ...(rows.profile ?? {}), ...patch };
    const members: Member[] = [];
    if ('display_name' in patch || 'color' in patch) {
      for (const m of rows.members.values()) {
        if (m.user_id !== userId) continue;
        const row = { ...m };
        if ('display_name' in patch) row.display_name = profile.display_name ?? emailName(m.email);
        if ('color' in patch) row.color = profile.color ?? defaultPersonColor(userId);
        members.push(row);
      }
    }
    return members.length ? { profile, members } : { profile };
  },
};
