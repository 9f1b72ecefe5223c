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
import './invite.css';

const ROLE_WORDS = { editor: 'an editor', viewer: 'a viewer' } as const;
const CANT_REACH = "Can't reach the server — check your connection and try again";

type Open = Extract<InvitationLink, { state: 'open' }>;

function lastDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
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
      reportWriteError(err, { unexpected: "Couldn't answer the invitation" });
    } finally {
      setBusy(false);
    }
  }

  if (!link) {
    return (
      <Page title="Invitation">
        <p className="invite-text" role="status">
          Opening the invitation…
        </p>
      </Page>
    );
  }
  switch (link.state) {
    case 'unreachable':
      return (
        <Page title="Can't open the invitation">
          <p className="invite-text">{CANT_REACH}</p>
          <button type="button" className="btn btn-primary" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </Page>
      );
    case 'rate_limited':
      return (
        <Page title="Can't open the invitation">
          <p className="invite-text">Too many wrong links — try again in 10 minutes.</p>
          <TodayLink />
        </Page>
      );
    case 'unknown':
      return (
        <Page title="This invitation link doesn't work">
          <p className="invite-text">
            It was already used or cancelled, or a newer invitation replaced it. Look for a newer mail, or ask the person who invited you to
            invite you again.
          </p>
          <TodayLink />
        </Page>
      );
    case 'expired':
      return (
        <Page title="This invitation has expired">
          <p className="invite-text">Invitations last 30 days. Ask the person who invited you to {link.list_name} to invite you again.</p>
          <TodayLink />
        </Page>
      );
    case 'declined':
      return (
        <Page title="You declined this invitation">
          <p className="invite-text">If you changed your mind, ask the person who invited you to {link.list_name} to invite you again.</p>
          <TodayLink />
        </Page>
      );
    case 'member':
      return (
        <Page title={`You're on ${link.list_name}`}>
          <p className="invite-text">You are a member of this list already.</p>
          <Link to="/lists/$listId" params={{ listId: link.list_id }} className="btn btn-primary">
            Open {link.list_name}
          </Link>
        </Page>
      );
  }
  const inviter = link.invited_by || 'Someone';
  if (answered === 'accepted') {
    return (
      <Page title={`You joined ${link.list_name}`}>
        <p className="invite-text" role="status">
          It appears in your lists after the next sync.
        </p>
        <Link to="/lists" className="btn btn-primary">
          Go to Lists
        </Link>
      </Page>
    );
  }
  if (answered === 'declined') {
    return (
      <Page title="Invitation declined">
        <p className="invite-text" role="status">
          {inviter} will see that you declined.
        </p>
        <TodayLink />
      </Page>
    );
  }
  const until = lastDay(link.expires_at);
  return (
    <Page kicker="Invitation" title={link.list_name} color={link.list_color}>
      <p className="invite-text">
        <Avatar name={inviter} color={link.invited_by_color} size="sm" /> <strong className="invite-who">{inviter}</strong> invited you to this list as {ROLE_WORDS[link.role]}.
        {until && ` The invitation is open until ${until}.`}
      </p>
      {signedIn && link.bound ? (
        <>
          <p className="invite-text invite-muted">Signed in as {account.email}.</p>
          <div className="invite-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void answer(link, true)}>
              Accept
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void answer(link, false)}>
              Decline
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="invite-text invite-muted">
            Sign in or create an account to accept or decline it — any account will do, not only the address the mail went to.
          </p>
          <Link to="/sign-in" search={{ next: `/invites/${token}` }} className="btn btn-primary">
            Sign in or create an account
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
      Go to Today
    </Link>
  );
}
