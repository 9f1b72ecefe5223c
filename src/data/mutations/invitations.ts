// invitation.accept · invitation.decline · invitation.cancel, as pure applies (SPEC §13.1). The
// device holds the invitations the last pull brought (`rows.invitations`, keyed by
// `invitationKey`). Accepting or declining takes the invitation off this device's list at once;
// the list itself arrives with the pull after the server made the person a member. An
// invitation this device does not hold (not pulled yet, or taken by another device) is let
// through with no local change: the server knows whether it is still open.
import { requireList } from './checks';
import { invitationKey, type MutationDef, type Rows } from './types';

function incoming(rows: Rows, listId: string) {
  return rows.invitations?.get(invitationKey(listId, null));
}

/** Accepting or declining: the invitation goes from this device, whatever the answer will be. */
function answer(rows: Rows, listId: string) {
  return incoming(rows, listId) ? { removeInvitations: [invitationKey(listId, null)] } : {};
}

export const invitationAccept: MutationDef<'invitation.accept'> = {
  reads: (args) => ({ lists: [args.list_id], invitations: true }),
  apply: (rows, args) => answer(rows, args.list_id),
};

export const invitationDecline: MutationDef<'invitation.decline'> = {
  reads: (args) => ({ lists: [args.list_id], invitations: true }),
  apply: (rows, args) => answer(rows, args.list_id),
};

export const invitationCancel: MutationDef<'invitation.cancel'> = {
  reads: (args) => ({ lists: [args.list_id], invitations: true }),
  apply(rows, args, { userId }) {
    requireList(rows, args.list_id, userId, 'owner');
    const key = invitationKey(args.list_id, typeof args.email === 'string' ? args.email : '');
    return rows.invitations?.has(key) ? { removeInvitations: [key] } : {};
  },
};
