// member.invite · member.set_role · member.remove, as pure applies. Only the owner shares, and
// never the Inbox. An invite changes nothing here: the server resolves the e-mail, and the
// member's row arrives with the next pull.
import type { Role } from '@/domain/model';
import { LIMITS, MESSAGES } from '@/domain/validation';
import { droppedAssignments } from './assignees';
import { refuse, requireList } from './checks';
import { memberKey, type MutationDef, type Rows } from './types';

type SharedRole = Exclude<Role, 'owner'>;

function checkRole(role: unknown): SharedRole {
  if (role === 'editor' || role === 'viewer') return role;
  refuse('invalid', 'Role must be editor or viewer', 'role');
}

function shareableList(rows: Rows, listId: string, userId: string) {
  const list = requireList(rows, listId, userId, 'owner');
  if (list.is_inbox) refuse('invalid', "The Inbox can't be shared", 'list_id');
  return list;
}

/**
 * The member a change names, who must not be the list's owner. A member this device has no row
 * for is let through with no local change: removed already (the server applies a second remove
 * as a no-op too), or not pulled yet — the server knows who is on the list, and refuses
 * `not_found` for someone who never was a member.
 */
function knownMember(rows: Rows, listId: string, userId: string, ownerMessage: string) {
  const member = rows.members.get(memberKey(listId, userId));
  if (member?.role === 'owner') refuse('invalid', ownerMessage, 'user_id');
  return member;
}

/**
 * At most 50 members a list, the owner among them (SPEC §13). The device holds every member of a
 * list it shares and knows them by e-mail, so it refuses as the server would an invitation of
 * someone who is not on the list yet; inviting a current member only changes their role.
 */
export const memberInvite: MutationDef<'member.invite'> = {
  reads: (args) => ({ lists: [args.list_id], listMembers: [args.list_id] }),
  apply(rows, args, { userId }) {
    shareableList(rows, args.list_id, userId);
    checkRole(args.role);
    const onList = [...rows.members.values()].filter((m) => m.list_id === args.list_id);
    const email = typeof args.email === 'string' ? args.email.trim().toLowerCase() : '';
    if (onList.length >= LIMITS.members && !onList.some((m) => m.email.toLowerCase() === email)) refuse('invalid', MESSAGES.tooManyMembers, 'email');
    return {};
  },
};

export const memberSetRole: MutationDef<'member.set_role'> = {
  reads: (args) => ({ lists: [args.list_id], members: [[args.list_id, args.user_id]] }),
  apply(rows, args, { userId }) {
    shareableList(rows, args.list_id, userId);
    const role = checkRole(args.role);
    const member = knownMember(rows, args.list_id, args.user_id, "The owner's role can't be changed");
    return member ? { members: [{ ...member, role }] } : {};
  },
};

/** The person removed is taken off the list's tasks too (assignments, turn orders), as on the server. */
export const memberRemove: MutationDef<'member.remove'> = {
  reads: (args) => ({
    lists: [args.list_id],
    members: [[args.list_id, args.user_id]],
    listTasks: [
      { listId: args.list_id, state: 'live' },
      { listId: args.list_id, state: 'deleted' },
    ],
  }),
  apply(rows, args, { userId, now }) {
    shareableList(rows, args.list_id, userId);
    const member = knownMember(rows, args.list_id, args.user_id, "The owner can't be removed");
    return member ? { removeMembers: [[args.list_id, args.user_id]], tasks: droppedAssignments(rows, args.list_id, args.user_id, now) } : {};
  },
};
