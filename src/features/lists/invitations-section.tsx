// The Lists screen's "Invitations" (SPEC §13.1): each list someone invited this person to, with
// its colour and name, who invited them and the role, and "Accept" / "Decline". Answering is a
// change like any other: it works offline, and the invitation leaves this screen at once; an
// accepted list appears with the next sync.
import { useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { invitations as invitationWrites } from '@/data';
import { useInvitations } from '@/data/react';
import type { Invitation } from '@/domain/model';
import { colorVar } from './colors';
import { Avatar } from '@/ui/avatar';
import { t } from './messages';

export function InvitationsSection() {
  const incoming = useInvitations()?.filter((i) => i.incoming) ?? [];
  const [said, setSaid] = useState('');
  if (!incoming.length) {
    return (
      <p role="status" className="visually-hidden">
        {said}
      </p>
    );
  }

  async function answer(invitation: Invitation, accept: boolean) {
    const name = invitation.list_name ?? t('lists.theList');
    try {
      if (accept) await invitationWrites.accept(invitation.list_id);
      else await invitationWrites.decline(invitation.list_id);
      setSaid(accept ? t('lists.joined', { name }) : t('lists.declined', { name }));
    } catch (err) {
      reportWriteError(err, { unexpected: t('lists.answerFailed') });
    }
  }

  return (
    <section className="invitations" aria-labelledby="invitations-heading">
      <h2 id="invitations-heading" className="invitations-heading">
        {t('lists.invitations')}
      </h2>
      <ul className="invitations-rows">
        {incoming.map((invitation) => (
          <li key={invitation.id} className="invitation" style={{ '--accent': colorVar(invitation.list_color ?? 'grey') } as React.CSSProperties}>
            <span className="list-dot" aria-hidden="true" />
            <span className="invitation-text">
              <span className="invitation-name">{invitation.list_name}</span>
              <span className="invitation-from">
                {invitation.invited_by && <Avatar name={invitation.invited_by} color={invitation.invited_by_color ?? 'grey'} size="sm" />}
                <span>
                  {t('lists.invitedYou', { who: invitation.invited_by || t('lists.someone'), role: invitation.role })}
                </span>
              </span>
            </span>
            <span className="invitation-actions">
              <button type="button" className="btn btn-primary" onClick={() => void answer(invitation, true)}>
                {t('lists.accept')}
              </button>
              <button type="button" className="btn" onClick={() => void answer(invitation, false)}>
                {t('lists.decline')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </section>
  );
}
