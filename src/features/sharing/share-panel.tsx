// The share dialog's body for a list that can be shared: the owner's invite form, the people
// on the list (pending invites and refused ones too), and "Leave list" for everyone else.
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { members as memberWrites } from '@/data';
import { useIdentity, useInvitations, useMembers, usePendingMemberChanges, useRefused } from '@/data/react';
import { reportWriteError } from '@/connected/write-error';
import type { List, RefusedEntry, Role } from '@/domain/model';
import { InvitationItems } from './invitation-items';
import { InviteForm } from './invite-form';
import { LeaveList } from './leave-list';
import { ShareLinks } from './share-links';
import { Avatar } from '@/ui/avatar';
import { MemberItem } from './member-item';
import { type MemberView, memberViews, myRole } from './member-views';
import { t } from './messages';

type SharedRole = Exclude<Role, 'owner'>;

interface SharePanelProps {
  list: List;
  myEmail: string | null;
  onLeft: () => void;
}

export function SharePanel({ list, myEmail, onLeft }: SharePanelProps) {
  const identity = useIdentity();
  const rows = useMembers(list.id);
  const queued = usePendingMemberChanges(list.id);
  const refused = useRefused();
  const held = useInvitations();
  const [announcement, setAnnouncement] = useState('');
  // Undo sits beside the people list, where the removal happened, rather than in a toast that
  // goes away after five seconds while someone is still reading the list.
  const [lastRemoved, setLastRemoved] = useState<{ email: string; name: string; role: SharedRole } | null>(null);
  const peopleHeading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  if (!identity || !rows || !queued) return null;
  const pending = queued.invites;

  const me = identity.userId;
  const role = myRole(rows, me);
  const isOwner = role === 'owner';
  const ownEmail = rows.find((m) => m.user_id === me)?.email || myEmail;
  const people = memberViews(rows, me, ownEmail);
  const refusedInvites = (refused ?? []).filter(
    (r): r is Extract<RefusedEntry, { name: 'member.invite' }> => r.name === 'member.invite' && r.args.list_id === list.id,
  );
  // what the server holds of this list's invitations, less those a queued invite will replace
  const invited = (held ?? []).filter(
    (i) => !i.incoming && i.list_id === list.id && !pending.some((p) => p.email.toLowerCase() === i.email.toLowerCase()),
  );
  const total = people.length + pending.length + invited.filter((i) => i.status === 'pending').length;

  function roleChanged(member: MemberView, next: SharedRole) {
    setAnnouncement(t('sharing.nowRole', { name: member.name, role: next }));
  }

  function removed(member: MemberView) {
    setAnnouncement(t('sharing.removed', { name: member.name }));
    // The removed row's button took focus with it; land on the list it was in.
    peopleHeading.current?.focus();
    setLastRemoved(member.role !== 'owner' && member.email ? { email: member.email, name: member.name, role: member.role } : null);
  }

  function undoRemove() {
    if (!lastRemoved) return;
    const { email, role: again } = lastRemoved;
    setLastRemoved(null);
    memberWrites.invite(list.id, email, again).then(
      () => setAnnouncement(t('sharing.invitedAgain', { email })),
      reportWriteError,
    );
  }

  return (
    <>
      <p className="share-lede">
        {isOwner ? t('sharing.ownerLede') : t('sharing.memberLede', { role })}
      </p>

      {isOwner && (
        <InviteForm
          listId={list.id}
          context={{
            myEmail: ownEmail,
            memberEmails: people.map((p) => p.email),
            pendingEmails: pending.map((p) => p.email),
          }}
          onInvited={(email) => setAnnouncement(t('sharing.inviteSaved', { email }))}
        />
      )}

      <section className="share-section" aria-labelledby={headingId}>
        <h3 className="share-section-title" id={headingId} ref={peopleHeading} tabIndex={-1}>
          {t('sharing.people')} <span className="share-count">{total}</span>
        </h3>
        <ul className="member-list" aria-labelledby={headingId}>
          {people.map((member) => (
            <MemberItem
              key={member.userId}
              listId={list.id}
              member={member}
              manage={isOwner && !member.isMe}
              roleWaiting={queued.roleChanges.includes(member.userId)}
              onRoleChanged={roleChanged}
              onRemoved={removed}
            />
          ))}
          {pending.map((invite) => (
            <li key={invite.mutationId} className="member" aria-labelledby={`pending-${invite.mutationId}`}>
              <Avatar name={invite.email} color="grey" pending />
              <div className="member-main">
                <span className="member-email" id={`pending-${invite.mutationId}`}>
                  {invite.email}
                </span>
                <span className="member-meta">
                  <span className="member-pending">{t('sharing.pending')}</span>
                  <span>{t('sharing.invitedQueued', { role: invite.role })}</span>
                </span>
              </div>
            </li>
          ))}
          {isOwner && <InvitationItems invitations={invited} onDone={setAnnouncement} />}
        </ul>
        {lastRemoved && (
          <p className="share-notice">
            <span>{t('sharing.removedNotice', { name: lastRemoved.name })}</span>
            <button type="button" className="btn btn-sm" onClick={undoRemove}>
              {t('sharing.undo')}
            </button>
          </p>
        )}
        {refusedInvites.map((entry) => (
          <p key={entry.id} className="share-refused" role="note">
            {t('sharing.inviteRefused', { email: entry.args.email, message: entry.error.message })}{' '}
            <Link to={'/sync' as '/'} className="share-link">
              {t('sharing.reviewInSync')}
            </Link>
          </p>
        ))}
      </section>

      {isOwner && <ShareLinks listId={list.id} onDone={setAnnouncement} />}

      {!isOwner && <LeaveList list={list} onLeft={onLeft} />}

      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </>
  );
}
