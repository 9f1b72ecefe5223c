import { describe, expect, it } from 'vitest';
import { creatorLabel } from '@/features/tasks/creator-label';
import type { Member } from '@/domain/model';

const row = (user_id: string, email: string, role: Member['role']): Member => ({ list_id: 'L', user_id, email, role });
const shared = [row('me', 'me@example.com', 'owner'), row('ann', 'ann@example.com', 'editor')];

describe('creatorLabel', () => {
  it('names you or the creator on a shared list', () => {
    expect(creatorLabel('me', 'me', shared)).toBe('Added by you');
    // by the name the creator shows: the part of the e-mail before @ until they choose one (SPEC §16)
    expect(creatorLabel('ann', 'me', shared)).toBe('Added by ann');
    expect(creatorLabel('ann', 'me', [shared[0]!, { ...shared[1]!, display_name: 'Ann Lee' }])).toBe('Added by Ann Lee');
  });

  it('says so when the creator has left the list', () => {
    expect(creatorLabel('gone', 'me', shared)).toBe('Added by someone no longer on this list');
  });

  it('names a person who deleted their account "Former member"', () => {
    expect(creatorLabel('00000000-0000-0000-0000-000000000000', 'me', shared)).toBe('Added by Former member');
  });

  it('says nothing on a list with one member or none', () => {
    expect(creatorLabel('me', 'me', [row('me', 'me@example.com', 'owner')])).toBeNull();
    expect(creatorLabel('me', 'me', [])).toBeNull();
  });
});
