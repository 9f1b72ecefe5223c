import { describe, expect, it } from 'vitest';
import { memberViews, myRole } from '@/features/sharing/member-views';
import type { Member } from '@/domain/model';

const row = (user_id: string, email: string, role: Member['role']): Member => ({ list_id: 'L', user_id, email, role });

describe('memberViews', () => {
  it('puts the owner first, then you, then everyone else by address', () => {
    const views = memberViews(
      [row('z', 'zed@example.com', 'viewer'), row('me', 'me@example.com', 'editor'), row('a', 'amy@example.com', 'editor'), row('o', 'owner@example.com', 'owner')],
      'me',
      null,
    );
    expect(views.map((v) => [v.email, v.role, v.isMe])).toEqual([
      ['owner@example.com', 'owner', false],
      ['me@example.com', 'editor', true],
      ['amy@example.com', 'editor', false],
      ['zed@example.com', 'viewer', false],
    ]);
  });

  it("fills your row's missing address (before the first sync) from the account", () => {
    expect(memberViews([row('me', '', 'owner')], 'me', 'me@example.com')[0]).toMatchObject({ email: 'me@example.com', isMe: true });
    expect(memberViews([row('me', '', 'owner')], 'me', null)[0]).toMatchObject({ email: '', isMe: true });
  });

  it('makes you the owner of a list with no membership rows at all', () => {
    expect(memberViews([], 'me', 'me@example.com')).toEqual([{ userId: 'me', email: 'me@example.com', name: 'me', color: 'grey', role: 'owner', isMe: true }]);
  });
});

describe('myRole', () => {
  it('reads your row, and takes a list without one as your own', () => {
    expect(myRole([row('me', 'me@example.com', 'viewer')], 'me')).toBe('viewer');
    expect(myRole([row('o', 'owner@example.com', 'owner')], 'me')).toBe('owner');
  });
});
