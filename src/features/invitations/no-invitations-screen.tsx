// /no-invitations/<token>: where an invitation mail's "Don't send me invitations" leads (SPEC §16).
// Nothing happens on opening it (mail programs open links to scan them): the person presses
// "Don't send me invitations", and from then on invitations to that address are still made, and
// shown in the app to whoever has the address, but never mailed. Works signed out.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { t } from './messages';
import './invite.css';

type State = 'idle' | 'busy' | 'stopped' | 'unknown' | 'unreachable';

const WORDS: Record<Exclude<State, 'idle' | 'busy'>, () => string> = {
  stopped: () => t('invitations.stopped'),
  unknown: () => t('invitations.invalidLink'),
  unreachable: () => t('invitations.unreachable'),
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
        {t('invitations.noMail')}
      </h1>
      {state === 'stopped' ? (
        <p className="invite-text" role="status">
          {WORDS.stopped()}
        </p>
      ) : (
        <>
          <p className="invite-text">
            {t('invitations.noMailText')}
          </p>
          <div className="invite-actions">
            <button type="button" className="btn btn-primary" aria-disabled={state === 'busy' || undefined} onClick={() => void stop()}>
              {t('invitations.noMail')}
            </button>
          </div>
          {(state === 'unknown' || state === 'unreachable') && (
            <p className="invite-text" role="alert">
              {WORDS[state]()}
            </p>
          )}
        </>
      )}
      <Link to="/today" className="btn">
        {t('invitations.goToday')}
      </Link>
    </section>
  );
}
