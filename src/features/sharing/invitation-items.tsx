// The owner's invitations to one list as the server has them (SPEC §13.1): each pending one
// "<email> · Invited as <role>" with "Cancel invitation", each declined one "<email> declined"
// until dismissed. Both are changes like any other: the row leaves at once and the server hears
// of it at the next sync.
import { reportWriteError } from '@/connected/write-error';
import { invitations as invitationWrites } from '@/data';
import type { Invitation } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { t } from './messages';

interface InvitationItemsProps {
  invitations: Invitation[];
  onDone: (text: string) => void;
}

export function InvitationItems({ invitations, onDone }: InvitationItemsProps) {
  function cancel(invitation: Invitation) {
    invitationWrites.cancel(invitation.list_id, invitation.email).then(
      () => onDone(t(invitation.status === 'declined' ? 'sharing.dismissed' : 'sharing.cancelledInvite', { email: invitation.email })),
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
            {declined ? t('sharing.declinedBy', { email: invitation.email }) : t('sharing.invitedAs', { email: invitation.email, role: invitation.role })}
          </span>
        </div>
        <button type="button" className="btn btn-sm" onClick={() => cancel(invitation)}>
          {declined ? t('sharing.dismiss') : t('sharing.cancelInvite')}
        </button>
      </li>
    );
  });
}
