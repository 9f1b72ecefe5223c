// Settings → "Calendar feed" (SPEC §19): "Create feed" of all my tasks, one list, one label or one
// filter (up to 10), each live feed with its address, "Copy" and "Revoke". A feed's token stays on
// the device that made it (src/data/feeds), so other devices list the feed without its address.
// In the Settings route's chunk (split from the first screen by the router), like the rest of Settings.
import { type FormEvent, useId, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { feeds, type HeldFeed, useFeeds } from '@/data/feeds';
import { useFilters } from '@/data/filters/list';
import { useLabels, useLists } from '@/data/react';
import { feedAddress } from '@/domain/feeds';
import type { FeedKind } from '@/domain/model';
import { FieldError } from '@/ui/field-error';
import { showToast } from '@/ui/toasts';
import { useAccount } from '@/sync-status/use-sync-status';
import { currentLanguage } from '@/lib/i18n';
import { t } from './messages';
import { SettingsSection } from './settings-section';

const KINDS: { value: FeedKind; label: () => string }[] = [
  { value: 'all', label: () => t('settings.feedAll') },
  { value: 'list', label: () => t('settings.feedOneList') },
  { value: 'label', label: () => t('settings.feedOneLabel') },
  { value: 'filter', label: () => t('settings.feedOneFilter') },
];

/** Where feeds are fetched: the hosted Edge Function's address when the build names it, else this origin (the stand-in). */
function feedBase(): string {
  const configured = import.meta.env.VITE_CALENDAR_FEED_URL as string | undefined;
  return configured || window.location.origin;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // the address stays on screen to copy by hand
  }
}

function useTargets(kind: FeedKind): { id: string; name: string }[] {
  const lists = useLists();
  const labels = useLabels();
  const filters = useFilters();
  if (kind === 'list') return (lists ?? []).map((l) => ({ id: l.id, name: l.name }));
  if (kind === 'label') return (labels ?? []).filter((l) => !l.deleted_at).map((l) => ({ id: l.id, name: l.name }));
  if (kind === 'filter') return (filters ?? []).filter((f) => !f.deleted_at).map((f) => ({ id: f.id, name: f.name }));
  return [];
}

export function CalendarFeedSection() {
  const signedIn = useAccount().state !== 'local';
  return (
    <SettingsSection title={t('settings.calendarFeed')}>
      <p className="settings-text settings-muted">{t('settings.feedIntro')}</p>
      {signedIn ? <FeedForm /> : <p className="settings-text">{t('settings.feedSignIn')}</p>}
      {signedIn && <FeedList />}
    </SettingsSection>
  );
}

function FeedForm() {
  const id = useId();
  const [kind, setKind] = useState<FeedKind>('all');
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = useTargets(kind);
  const chosen = targets.find((t) => t.id === target) ?? targets[0] ?? null;

  async function create(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (kind !== 'all' && !chosen) {
      setError(t('settings.feedNothing', { kind }));
      return;
    }
    setBusy(true);
    try {
      const fallback = kind === 'all' ? 'Daybook' : (chosen?.name ?? 'Daybook');
      await feeds.create({
        kind,
        targetId: kind === 'all' ? null : (chosen?.id ?? null),
        name: name.trim() || fallback,
        options: { time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone, language: currentLanguage() },
      });
      setError(null);
      setName('');
      showToast(t('settings.feedMade'));
    } catch (err) {
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="feed-form" onSubmit={create} noValidate aria-label={t('settings.newFeed')}>
      <div className="feed-form-row">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-kind`}>
            {t('settings.feedOf')}
          </label>
          <select id={`${id}-kind`} className="input" value={kind} onChange={(e) => setKind(e.target.value as FeedKind)}>
            {KINDS.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label()}
              </option>
            ))}
          </select>
        </div>
        {kind !== 'all' && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-target`}>
              {kind === 'list' ? t('settings.feedList') : kind === 'label' ? t('settings.feedLabel') : t('settings.feedFilter')}
            </label>
            <select id={`${id}-target`} className="input" value={chosen?.id ?? ''} onChange={(e) => setTarget(e.target.value)}>
              {targets.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t('settings.feedName')}
          </label>
          <input
            id={`${id}-name`}
            className="input"
            value={name}
            maxLength={80}
            placeholder={kind === 'all' ? 'Daybook' : (chosen?.name ?? '')}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <div className="settings-buttons">
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {t('settings.createFeed')}
        </button>
      </div>
    </form>
  );
}

function FeedList() {
  const held = useFeeds();
  if (!held?.length) return null;
  return (
    <ul className="feed-list" aria-label={t('settings.feeds')}>
      {held.map((feed) => (
        <FeedItem key={feed.id} feed={feed} />
      ))}
    </ul>
  );
}

function FeedItem({ feed }: { feed: HeldFeed }) {
  const label = `feed-${feed.id}`;
  const url = feed.token ? feedAddress(feedBase(), feed.token) : null;
  return (
    <li className="feed-item" aria-labelledby={label}>
      <div className="feed-main">
        <span className="feed-name" id={label}>
          {feed.name}
        </span>
        <span className="settings-muted">{feed.queued ? t('settings.feedQueued') : url ? null : t('settings.feedElsewhere')}</span>
        {url && <input className="input feed-url" readOnly value={url} aria-label={t('settings.feedAddress', { name: feed.name })} onFocus={(e) => e.target.select()} />}
      </div>
      <div className="settings-buttons">
        {url && (
          <button
            type="button"
            className="btn btn-sm"
            aria-describedby={label}
            onClick={() => void copyText(url).then((ok) => showToast(ok ? t('settings.feedCopied') : t('settings.copyByHand')))}
          >
            {t('settings.copy')}
          </button>
        )}
        <button type="button" className="btn btn-sm" aria-describedby={label} onClick={() => feeds.revoke(feed.id).then(() => showToast(t('settings.feedRevoked')), reportWriteError)}>
          {t('settings.revoke')}
        </button>
      </div>
    </li>
  );
}
