// Reading invitation_by_token's answer: what the /invites/<token> screen may rely on.
import { describe, expect, it } from 'vitest';
import { readInvitationLink } from '@/domain/invitation-link';

describe('readInvitationLink', () => {
  it('keeps an open invitation whole, with an unknown colour as grey', () => {
    expect(
      readInvitationLink({ state: 'open', list_id: 'l', list_name: 'Garden', list_color: 'magenta', invited_by: 'Ann', invited_by_color: 'teal', role: 'viewer', expires_at: 'e', bound: true }),
    ).toEqual({ state: 'open', list_id: 'l', list_name: 'Garden', list_color: 'grey', invited_by: 'Ann', invited_by_color: 'teal', role: 'viewer', expires_at: 'e', bound: true });
    expect(readInvitationLink({ state: 'open', invited_by_color: 'pink' })).toMatchObject({ invited_by_color: 'grey' });
  });

  it('reads member, expired and declined answers, and anything else as an unknown link', () => {
    expect(readInvitationLink({ state: 'member', list_id: 'l', list_name: 'G' })).toEqual({ state: 'member', list_id: 'l', list_name: 'G' });
    expect(readInvitationLink({ state: 'expired', list_name: 'G' })).toEqual({ state: 'expired', list_name: 'G' });
    expect(readInvitationLink({ state: 'declined', list_name: 'G' })).toEqual({ state: 'declined', list_name: 'G' });
    expect(readInvitationLink(null)).toEqual({ state: 'unknown' });
    expect(readInvitationLink({ state: 'unreachable' })).toEqual({ state: 'unknown' });
  });
});
