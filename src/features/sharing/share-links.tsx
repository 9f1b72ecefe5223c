// The owner's share links (SPEC §13.1): make one with a role and an expiry, copy it, revoke it.
// The link's token stays on the device that made it (src/data/links), so elsewhere the owner sees
// the link (role, expiry, "Revoke link") without the address to copy. Loaded with the dialog.
import { type FormEvent, useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { type HeldLink, links, useListLinks } from '@/data/links';
import { LINK_DAYS, type LinkDays, type Role } from '@/domain/model';
import { ROLE_HINTS, ROLE_NAMES } from './member-views';

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

const expiry = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });

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
      onDone(`${ROLE_NAMES[role]} link made — it works once it is sent at the next sync`);
    } catch (err) {
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="share-section share-links" aria-labelledby={`${id}-heading`}>
      <h3 className="share-section-title" id={`${id}-heading`}>
        Share link
      </h3>
      <form className="invite-form" onSubmit={create} noValidate aria-labelledby={`${id}-heading`}>
        <div className="invite-row">
          <div className="field invite-role">
            <label className="field-label" htmlFor={`${id}-role`}>
              Link role
            </label>
            <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value === 'editor' ? 'editor' : 'viewer')}>
              <option value="editor">Editor</option>
              <option value="viewer">Viewer</option>
            </select>
          </div>
          <div className="field invite-role">
            <label className="field-label" htmlFor={`${id}-days`}>
              Expires after
            </label>
            <select id={`${id}-days`} className="input" value={days} onChange={(e) => setDays(Number(e.target.value) as LinkDays)}>
              {LINK_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 day' : `${d} days`}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary invite-button" aria-disabled={busy || undefined}>
            Create link
          </button>
        </div>
        {error && (
          <p className="share-refused" role="alert">
            {error}
          </p>
        )}
        <p className="share-hint">
          Anyone with the link joins as {role === 'editor' ? 'an editor' : 'a viewer'} and {ROLE_HINTS[role]}. Up to 5 live links.
        </p>
      </form>
      {held && held.length > 0 && (
        <ul className="member-list" aria-label="Live links">
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
          {ROLE_NAMES[link.role]} link · expires {expiry(link.expires_at)}
        </span>
        <span className="member-meta">
          {link.queued ? 'Sent at the next sync' : url ? null : 'Made on another device: copy it there'}
        </span>
        {url && (
          <input className="input share-link-url" readOnly value={url} aria-label={`${ROLE_NAMES[link.role]} link address`} onFocus={(e) => e.target.select()} />
        )}
      </div>
      <div className="member-controls">
        {url && (
          <button
            type="button"
            className="btn btn-sm"
            aria-describedby={label}
            onClick={() => void copyText(url).then((ok) => onDone(ok ? 'Link copied' : 'Copy the link from the box'))}
          >
            Copy link
          </button>
        )}
        <button
          type="button"
          className="btn btn-sm member-remove"
          aria-describedby={label}
          onClick={() => links.revoke(link.list_id, link.id).then(() => onDone('Link revoked'), reportWriteError)}
        >
          Revoke link
        </button>
      </div>
    </li>
  );
}
