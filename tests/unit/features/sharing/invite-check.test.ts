import { describe, expect, it } from 'vitest';
import { inviteProblem } from '@/features/sharing/invite-check';

const context = { myEmail: 'me@example.com', memberEmails: ['me@example.com', 'ann@example.com', ''], pendingEmails: ['carl@example.com'] };

describe('inviteProblem', () => {
  it('asks for an address when the box is empty or blank', () => {
    expect(inviteProblem('', context)).toBe('Enter the e-mail address of the person to invite');
    expect(inviteProblem('   ', context)).toBe('Enter the e-mail address of the person to invite');
  });

  it('refuses what is not an address, the way the data layer would', () => {
    for (const bad of ['ann', 'ann@', '@example.com', 'ann smith@example.com', 'a@b@c d']) {
      expect(inviteProblem(bad, context)).toBe('Enter a full e-mail address, like ann@example.com');
    }
  });

  it('refuses your own address, whatever its case and spacing', () => {
    expect(inviteProblem(' ME@Example.com ', context)).toBe("That's your own address — invite someone else");
  });

  it('refuses someone already on the list, naming them as typed', () => {
    expect(inviteProblem('Ann@example.com', context)).toBe('Ann@example.com is already on this list — change their role below');
  });

  it('refuses an address with an invite still queued', () => {
    expect(inviteProblem('carl@EXAMPLE.com', context)).toBe('An invite to carl@EXAMPLE.com is already waiting to be sent');
  });

  it('accepts a new address; an unknown own address or a member row without one matches nothing', () => {
    expect(inviteProblem('bob@example.com', context)).toBeNull();
    expect(inviteProblem('me@example.com', { myEmail: null, memberEmails: [''], pendingEmails: [] })).toBeNull();
  });
});
