// The join page of a share link (SPEC §13.1, route /join/$token): the list's name, who shares it
// and the role, with "Join list" and "Not now". Nothing is joined until the person says so; after
// joining, the list syncs down and opens. Signed out, the route shows sign-in first (this page
// needs to know who is joining) and then this page, at the same address.
import { type CSSProperties, useEffect, useState } from 'react';
import { type LinkAnswer, type LinkPreview, type LinkProblem, loadSync } from '@/sync-status/load-sync';
import { LIST_COLORS, type ListColor } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { t } from './messages';
import './join.css';

const ROLE_TEXT = {
  editor: () => t('join.asEditor'),
  viewer: () => t('join.asViewer'),
} as const;

const PROBLEMS: Record<LinkProblem, (() => string) | null> = {
  not_found: () => t('join.notFound'),
  revoked: () => t('join.revoked'),
  expired: () => t('join.expired'),
  deleted: () => t('join.deleted'),
  rate_limited: null,
  invalid: null,
  signed_out: () => t('join.signedOut'),
  offline: () => t('join.offline'),
};

/** What to tell the person about a problem (the server's own words where it has them). */
export function problemText(answer: Extract<LinkAnswer<unknown>, { ok: false }>): string {
  return PROBLEMS[answer.problem]?.() || answer.message;
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
      if (!answer) setState({ kind: 'problem', text: t('join.offline') });
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
      setError(t('join.offline'));
    } finally {
      setBusy(false);
    }
  }

  if (state.kind === 'loading') {
    return (
      <section className="join" aria-busy="true" aria-label={t('join.shareLink')}>
        <p className="join-text">{t('join.opening')}</p>
      </section>
    );
  }
  if (state.kind === 'problem') {
    return (
      <section className="join" aria-labelledby="join-heading">
        <h1 id="join-heading" className="join-title">
          {t('join.cantJoin')}
        </h1>
        <p className="join-text" role="alert">
          {state.text}
        </p>
        <button type="button" className="btn" onClick={onNotNow}>
          {t('join.goToday')}
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
        <span>{preview.shared_by ? t('join.sharedBy', { name: preview.shared_by }) : t('join.shared')}</span>
      </p>
      <h1 id="join-heading" className="join-title">
        <span className="join-dot" aria-hidden="true" />
        {preview.list_name}
      </h1>
      <p className="join-text">{member ? t('join.alreadyMember') : ROLE_TEXT[preview.role]()}</p>
      {error && (
        <p className="join-error" role="alert">
          {error}
        </p>
      )}
      <div className="join-actions">
        {member ? (
          <button type="button" className="btn btn-primary" onClick={() => onOpen(preview.list_id)}>
            {t('join.openList')}
          </button>
        ) : (
          <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => void join()}>
            {busy ? t('join.joining') : t('join.joinList')}
          </button>
        )}
        <button type="button" className="btn" onClick={onNotNow}>
          {t('join.notNow')}
        </button>
      </div>
    </section>
  );
}

const asColor = (value: string | undefined): ListColor => ((LIST_COLORS as readonly string[]).includes(value ?? '') ? (value as ListColor) : 'grey');
