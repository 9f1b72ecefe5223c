// /no-invitations/<token>: where an invitation mail's "Don't send me invitations" leads (SPEC §16).
// Nothing happens on opening it (mail programs open links to scan them): the person presses
// "Don't send me invitations", and from then on invitations to that address are still made, and
// shown in the app to whoever has the address, but never mailed. Works signed out.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import './invite.css';

type State = 'idle' | 'busy' | 'stopped' | 'unknown' | 'unreachable';

const WORDS: Record<Exclude<State, 'idle' | 'busy'>, string> = {
  stopped: 'Done — Daybook won’t send invitation mail to this address again.',
  unknown: 'This link is not valid. Use the link from the invitation mail itself.',
  unreachable: 'Can’t reach the server — check your connection and try again.',
};

export function NoInvitationsScreen({ token }: { token: string }) {
  const [state, setState] = useState<State>('idle');

  async function stop() {
    if (state === 'busy') return;
    setState('busy');
    const answer = await loadSync()
      .then((sync) => sync.stopInvitationMail(token))
      .catch(() => 'unreachable' as const);
    setState(answer);
  }

  return (
    <section className="invite" aria-labelledby="no-invitations-heading">
      <h1 id="no-invitations-heading" className="invite-title">
        Don’t send me invitations
      </h1>
      {state === 'stopped' ? (
        <p className="invite-text" role="status">
          {WORDS.stopped}
        </p>
      ) : (
        <>
          <p className="invite-text">
            Stop all invitation mail from Daybook to the address this mail went to. People can still invite you: their invitations wait in the app
            for an account with this address, but no mail is sent.
          </p>
          <div className="invite-actions">
            <button type="button" className="btn btn-primary" aria-disabled={state === 'busy' || undefined} onClick={() => void stop()}>
              Don’t send me invitations
            </button>
          </div>
          {(state === 'unknown' || state === 'unreachable') && (
            <p className="invite-text" role="alert">
              {WORDS[state]}
            </p>
          )}
        </>
      )}
      <Link to="/today" className="btn">
        Go to Today
      </Link>
    </section>
  );
}
