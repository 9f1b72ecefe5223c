// The owner's invitations to one list as the server has them (SPEC §13.1): each pending one
// "<email> · Invited as <role>" with "Cancel invitation", each declined one "<email> declined"
// until dismissed. Both are changes like any other: the row leaves at once and the server hears
// of it at the next sync.
import { reportWriteError } from '@/connected/write-error';
import { invitations as invitationWrites } from '@/data';
import type { Invitation } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { ROLE_NAMES } from './member-views';

interface InvitationItemsProps {
  invitations: Invitation[];
  onDone: (text: string) => void;
}

export function InvitationItems({ invitations, onDone }: InvitationItemsProps) {
  function cancel(invitation: Invitation) {
    invitationWrites.cancel(invitation.list_id, invitation.email).then(
      () => onDone(invitation.status === 'declined' ? `Dismissed ${invitation.email}` : `Cancelled the invitation of ${invitation.email}`),
      reportWriteError,
    );
  }

  return invitations.map((invitation) => {
    const id = `invitation-${invitation.id}`;
    const declined = invitation.status === 'declined';
    return (
      <li key={invitation.id} className="member" aria-labelledby={id}>
        <Avatar name={invitation.email} color="grey" pending />
        <div className="member-main">
          <span className="member-email" id={id}>
            {declined ? `${invitation.email} declined` : `${invitation.email} · Invited as ${ROLE_NAMES[invitation.role].toLowerCase()}`}
          </span>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => cancel(invitation)}>
          {declined ? 'Dismiss' : 'Cancel invitation'}
        </button>
      </li>
    );
  });
}
