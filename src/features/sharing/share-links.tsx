// The owner's share links (SPEC §13.1): make one with a role and an expiry, copy it, revoke it.
// The link's token stays on the device that made it (src/data/links), so elsewhere the owner sees
// the link (role, expiry, "Revoke link") without the address to copy. Loaded with the dialog.
import { type FormEvent, useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { type HeldLink, links, useListLinks } from '@/data/links';
import { LINK_DAYS, type LinkDays, type Role } from '@/domain/model';
import { intlLocale } from '@/lib/i18n';
import { roleName } from './member-views';
import { t } from './messages';

type SharedRole = Exclude<Role, 'owner'>;

/** The address a link opens: the join page on this app's origin. */
export function linkUrl(token: string): string {
  return `${window.location.origin}/join/${token}`;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // the address stays on screen to copy by hand
  }
}

const expiry = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

export function ShareLinks({ listId, onDone }: { listId: string; onDone: (text: string) => void }) {
  const id = useId();
  const held = useListLinks(listId);
  const [role, setRole] = useState<SharedRole>('viewer');
  const [days, setDays] = useState<LinkDays>(7);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await links.create(listId, role, days);
      setError(null);
      onDone(t('sharing.linkMade', { role }));
    } catch (err) {
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="share-section share-links" aria-labelledby={`${id}-heading`}>
      <h3 className="share-section-title" id={`${id}-heading`}>
        {t('sharing.linkTitle')}
      </h3>
      <form className="invite-form" onSubmit={create} noValidate aria-labelledby={`${id}-heading`}>
        <div className="invite-row">
          <div className="field invite-role">
            <label className="field-label" htmlFor={`${id}-role`}>
              {t('sharing.linkRole')}
            </label>
            <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value === 'editor' ? 'editor' : 'viewer')}>
              <option value="editor">{roleName('editor')}</option>
              <option value="viewer">{roleName('viewer')}</option>
            </select>
          </div>
          <div className="field invite-role">
            <label className="field-label" htmlFor={`${id}-days`}>
              {t('sharing.expiresAfter')}
            </label>
            <select id={`${id}-days`} className="input" value={days} onChange={(e) => setDays(Number(e.target.value) as LinkDays)}>
              {LINK_DAYS.map((d) => (
                <option key={d} value={d}>
                  {t('sharing.days', { count: d })}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary invite-button" aria-disabled={busy || undefined}>
            {t('sharing.createLink')}
          </button>
        </div>
        {error && (
          <p className="share-refused" role="alert">
            {error}
          </p>
        )}
        <p className="share-hint">
          {t('sharing.linkHint', { role })}
        </p>
      </form>
      {held && held.length > 0 && (
        <ul className="member-list" aria-label={t('sharing.liveLinks')}>
          {held.map((link) => (
            <LinkItem key={link.id} link={link} onDone={onDone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkItem({ link, onDone }: { link: HeldLink; onDone: (text: string) => void }) {
  const label = `link-${link.id}`;
  const url = link.token ? linkUrl(link.token) : null;
  return (
    <li className="member share-link-item" aria-labelledby={label}>
      <div className="member-main">
        <span className="member-email" id={label}>
          {t('sharing.linkItem', { role: link.role, date: expiry(link.expires_at) })}
        </span>
        <span className="member-meta">
          {link.queued ? t('sharing.linkQueued') : url ? null : t('sharing.linkElsewhere')}
        </span>
        {url && (
          <input className="input share-link-url" readOnly value={url} aria-label={t('sharing.linkAddress', { role: link.role })} onFocus={(e) => e.target.select()} />
        )}
      </div>
      <div className="member-controls">
        {url && (
          <button
            type="button"
            className="btn btn-sm"
            aria-describedby={label}
            onClick={() => void copyText(url).then((ok) => onDone(t(ok ? 'sharing.linkCopied' : 'sharing.copyByHand')))}
          >
            {t('sharing.copyLink')}
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm member-remove"
          aria-describedby={label}
          onClick={() => links.revoke(link.list_id, link.id).then(() => onDone(t('sharing.linkRevoked')), reportWriteError)}
        >
          {t('sharing.revokeLink')}
        </button>
      </div>
    </li>
  );
}
