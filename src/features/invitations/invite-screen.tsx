// /invites/<token> (SPEC §13.1): where an invitation mail's link leads. Signed out it says who
// invited to which list and offers to sign in or create an account — any account, not only the
// invited address — and comes back here; signed in, opening it makes the invitation this
// person's to answer, with "Accept" and "Decline" (the same changes as on the Lists screen, so
// they work offline). A used, cancelled, replaced or expired link says so.
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { invitations as invitationWrites } from '@/data';
import type { InvitationLink } from '@/domain/invitation-link';
import { loadSync } from '@/sync-status/load-sync';
import { useAccount } from '@/sync-status/use-sync-status';
import { Avatar } from '@/ui/avatar';
import { intlLocale } from '@/lib/i18n';
import { around, t } from './messages';
import './invite.css';


type Open = Extract<InvitationLink, { state: 'open' }>;

function lastDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(intlLocale(), { day: 'numeric', month: 'long', year: 'numeric' });
}

export function InviteScreen({ token }: { token: string }) {
  const account = useAccount();
  const signedIn = account.state === 'signed-in';
  const who = signedIn ? account.userId : '';
  const [link, setLink] = useState<InvitationLink | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [answered, setAnswered] = useState<'accepted' | 'declined' | null>(null);
  const [busy, setBusy] = useState(false);

  // asked again when the person signs in or out: signed in, opening it makes it theirs
  // biome-ignore lint/correctness/useExhaustiveDependencies: `who` and `attempt` are what re-asks
  useEffect(() => {
    let current = true;
    setLink(null);
    loadSync()
      .then((sync) => sync.openInvitation(token))
      .catch((): InvitationLink => ({ state: 'unreachable' }))
      .then((answer) => {
        if (current) setLink(answer);
      });
    return () => {
      current = false;
    };
  }, [token, who, attempt]);

  async function answer(invitation: Open, accept: boolean) {
    if (busy) return;
    setBusy(true);
    try {
      if (accept) await invitationWrites.accept(invitation.list_id);
      else await invitationWrites.decline(invitation.list_id);
      setAnswered(accept ? 'accepted' : 'declined');
      loadSync()
        .then((sync) => sync.syncNow())
        .catch(() => undefined);
    } catch (err) {
      reportWriteError(err, { unexpected: t('invitations.answerFailed') });
    } finally {
      setBusy(false);
    }
  }

  if (!link) {
    return (
      <Page title={t('invitations.invitation')}>
        <p className="invite-text" role="status">
          {t('invitations.opening')}
        </p>
      </Page>
    );
  }
  switch (link.state) {
    case 'unreachable':
      return (
        <Page title={t('invitations.cantOpen')}>
          <p className="invite-text">{t('invitations.cantReach')}</p>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            {t('invitations.tryAgain')}
          </button>
        </Page>
      );
    case 'rate_limited':
      return (
        <Page title={t('invitations.cantOpen')}>
          <p className="invite-text">{t('invitations.rateLimited')}</p>
          <TodayLink />
        </Page>
      );
    case 'unknown':
      return (
        <Page title={t('invitations.unknownTitle')}>
          <p className="invite-text">{t('invitations.unknownText')}</p>
          <TodayLink />
        </Page>
      );
    case 'expired':
      return (
        <Page title={t('invitations.expiredTitle')}>
          <p className="invite-text">{t('invitations.expiredText', { list: link.list_name })}</p>
          <TodayLink />
        </Page>
      );
    case 'declined':
      return (
        <Page title={t('invitations.declinedTitle')}>
          <p className="invite-text">{t('invitations.declinedText', { list: link.list_name })}</p>
          <TodayLink />
        </Page>
      );
    case 'member':
      return (
        <Page title={t('invitations.memberTitle', { list: link.list_name })}>
          <p className="invite-text">{t('invitations.memberText')}</p>
          <Link to="/lists/$listId" params={{ listId: link.list_id }} className="btn btn-primary">
            {t('invitations.openList', { list: link.list_name })}
          </Link>
        </Page>
      );
  }
  const inviter = link.invited_by || t('invitations.someone');
  if (answered === 'accepted') {
    return (
      <Page title={t('invitations.joinedTitle', { list: link.list_name })}>
        <p className="invite-text" role="status">
          {t('invitations.joinedText')}
        </p>
        <Link to="/lists" className="btn btn-primary">
          {t('invitations.goLists')}
        </Link>
      </Page>
    );
  }
  if (answered === 'declined') {
    return (
      <Page title={t('invitations.declinedDone')}>
        <p className="invite-text" role="status">
          {t('invitations.declinedSeen', { name: inviter })}
        </p>
        <TodayLink />
      </Page>
    );
  }
  const until = lastDay(link.expires_at);
  const [invitedBefore, invitedAfter] = until
    ? around('invitations.invitedUntil', 'name', { role: link.role, date: until })
    : around('invitations.invited', 'name', { role: link.role });
  return (
    <Page kicker={t('invitations.invitation')} title={link.list_name} color={link.list_color}>
      <p className="invite-text">
        <Avatar name={inviter} color={link.invited_by_color} size="sm" /> {invitedBefore}
        <strong className="invite-who">{inviter}</strong>
        {invitedAfter}
      </p>
      {signedIn && link.bound ? (
        <>
          <p className="invite-text invite-muted">{t('invitations.signedInAs', { email: account.email })}</p>
          <div className="invite-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer(link, true)}>
              {t('invitations.accept')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void answer(link, false)}>
              {t('invitations.decline')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="invite-text invite-muted">{t('invitations.signInText')}</p>
          <Link to="/sign-in" search={{ next: `/invites/${token}` }} className="btn btn-primary">
            {t('invitations.signIn')}
          </Link>
        </>
      )}
    </Page>
  );
}

function Page({ kicker, title, color, children }: { kicker?: string; title: string; color?: string; children: React.ReactNode }) {
  return (
    <section className="invite" aria-labelledby="invite-heading">
      {kicker && <p className="invite-kicker">{kicker}</p>}
      <h1 id="invite-heading" className="invite-title">
        {color && <span className="list-dot invite-dot" aria-hidden="true" style={{ '--accent': `var(--list-${color})` } as React.CSSProperties} />}
        {title}
      </h1>
      {children}
    </section>
  );
}

function TodayLink() {
  return (
    <Link to="/today" className="btn">
      {t('invitations.goToday')}
    </Link>
  );
}
