// The join page of a share link (SPEC §13.1, route /join/$token): the list's name, who shares it
// and the role, with "Join list" and "Not now". Nothing is joined until the person says so; after
// joining, the list syncs down and opens. Signed out, the route shows sign-in first (this page
// needs to know who is joining) and then this page, at the same address.
import { type CSSProperties, useEffect, useState } from 'react';
import { type LinkAnswer, type LinkPreview, type LinkProblem, loadSync } from '@/sync-status/load-sync';
import { LIST_COLORS, type ListColor } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import './join.css';

const ROLE_TEXT = {
  editor: 'as an editor: you can add, change and complete its tasks',
  viewer: 'as a viewer: you can see its tasks but not change them',
} as const;

const PROBLEMS: Record<LinkProblem, string> = {
  not_found: 'This link doesn’t work. Check that it was copied whole, or ask for a new one.',
  revoked: 'This link was revoked by the list’s owner. Ask them for a new one.',
  expired: 'This link has expired. Ask the list’s owner for a new one.',
  deleted: 'This list was deleted.',
  rate_limited: '',
  invalid: '',
  signed_out: 'Sign in again to use this link.',
  offline: 'Can’t reach the server — check your connection and try again.',
};

/** What to tell the person about a problem (the server's own words where it has them). */
export function problemText(answer: Extract<LinkAnswer<unknown>, { ok: false }>): string {
  return PROBLEMS[answer.problem] || answer.message;
}

export interface JoinScreenProps {
  token: string;
  /** After joining (or for a list the person is on already): open it. */
  onOpen: (listId: string) => void;
  onNotNow: () => void;
}

type State = { kind: 'loading' } | { kind: 'ready'; preview: LinkPreview } | { kind: 'problem'; text: string };

export function JoinScreen({ token, onOpen, onNotNow }: JoinScreenProps) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      const sync = await loadSync().catch(() => null);
      const answer = sync ? await sync.links.preview(token) : null;
      if (!live) return;
      if (!answer) setState({ kind: 'problem', text: PROBLEMS.offline });
      else setState(answer.ok ? { kind: 'ready', preview: answer.value } : { kind: 'problem', text: problemText(answer) });
    })();
    return () => {
      live = false;
    };
  }, [token]);

  async function join() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const sync = await loadSync();
      const answer = await sync.links.join(token);
      if (!answer.ok) {
        setError(problemText(answer));
        return;
      }
      // the list arrives with this pull; the list screen shows it as soon as it is here
      await sync.syncNow().catch(() => {});
      onOpen(answer.value);
    } catch {
      setError(PROBLEMS.offline);
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <section className="join" aria-busy="true" aria-label="Share link">
        <p className="join-text">Opening the link…</p>
      </section>
    );
  }
  if (state.kind === 'problem') {
    return (
      <section className="join" aria-labelledby="join-heading">
        <h1 id="join-heading" className="join-title">
          Can’t join with this link
        </h1>
        <p className="join-text" role="alert">
          {state.text}
        </p>
        <button type="button" className="btn" onClick={onNotNow}>
          Go to Today
        </button>
      </section>
    );
  }
  const { preview } = state;
  const member = preview.my_role !== null;
  return (
    <section className="join" aria-labelledby="join-heading" style={{ '--accent': `var(--list-${preview.list_color as ListColor})` } as CSSProperties}>
      <p className="join-eyebrow">
        {preview.shared_by && <Avatar name={preview.shared_by} color={asColor(preview.shared_by_color)} size="sm" />}
        <span>{preview.shared_by ? `${preview.shared_by} shares a list with you` : 'A list is shared with you'}</span>
      </p>
      <h1 id="join-heading" className="join-title">
        <span className="join-dot" aria-hidden="true" />
        {preview.list_name}
      </h1>
      <p className="join-text">
        {member ? 'You are on this list already.' : `Join ${ROLE_TEXT[preview.role]}.`}
      </p>
      {error && (
        <p className="join-error" role="alert">
          {error}
        </p>
      )}
      <div className="join-actions">
        {member ? (
          <button type="button" className="btn btn-primary" onClick={() => onOpen(preview.list_id)}>
            Open list
          </button>
        ) : (
          <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => void join()}>
            {busy ? 'Joining…' : 'Join list'}
          </button>
        )}
        <button type="button" className="btn" onClick={onNotNow}>
          Not now
        </button>
      </div>
    </section>
  );
}

const asColor = (value: string | undefined): ListColor => ((LIST_COLORS as readonly string[]).includes(value ?? '') ? (value as ListColor) : 'grey');
