// /sync (SPEC §2): whether this device is online and syncing (with a progress bar while a large
// backlog comes down), for which account, when it last synced, what is waiting to be sent, and
// the changes the server refused — each with Retry, Discard and Copy text. Without an account:
// what sync needs and a way to sign in.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { describeChange } from '@/sync-status/change-text';
import { currentSync } from '@/sync-status/load-sync';
import { statusLabel } from '@/sync-status/sync-messages';
import { type SyncStatus, useOnline, useSyncStatus } from '@/sync-status/use-sync-status';
import { useAnnouncer } from '@/ui/live-region';
import { PullProgressBar } from '@/ui/pull-progress';
import { useLastSyncedAt } from '@/data/react';
import { absoluteTime, relativeTime } from '@/lib/relative-time';
import { RefusedItem } from './refused-item';
import { type SyncQueue, useSyncQueue } from './use-sync-queue';
import { Screen } from '@/ui/screen';
import { t } from './messages';
import './sync-center.css';

const changes = (n: number) => t('syncCenter.changes', { count: n });

export function SyncCenterScreen() {
  const status = useSyncStatus();
  const queue = useSyncQueue();
  const { announce, region } = useAnnouncer();
  const local = status.account.state === 'local';

  async function sendNow() {
    await currentSync()?.syncNow();
  }

  return (
    <Screen title={t('syncCenter.title')} className="sync-screen">
      {local ? <LocalOnly /> : <StatusCard status={status} onSyncNow={sendNow} />}
      {!local && queue && queue.queuedTotal > 0 && <Queued queue={queue} />}
      {queue && queue.refused.length > 0 && (
        <Refused
          queue={queue}
          onRetried={(what) => {
            announce(t('syncCenter.sendingAgain', { what }));
            void sendNow();
          }}
          onDiscarded={(what) => announce(t('syncCenter.discarded', { what }))}
        />
      )}
      {region}
    </Screen>
  );
}

function LocalOnly() {
  return (
    <section className="sync-card" aria-labelledby="sync-local-title">
      <h2 id="sync-local-title" className="sync-card-title">
        {t('syncCenter.needsAccount')}
      </h2>
      <p className="sync-text">
        {t('syncCenter.localText')}
      </p>
      <div>
        <Link to="/sign-in" className="btn btn-primary">
          {t('syncCenter.signInToSync')}
        </Link>
      </div>
    </section>
  );
}

function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function StatusCard({ status, onSyncNow }: { status: SyncStatus; onSyncNow: () => Promise<void> }) {
  const id = useId();
  const online = useOnline();
  const stored = useLastSyncedAt();
  const lastSynced = status.lastSyncedAt ?? stored ?? null;
  const now = useNow();
  const [running, setRunning] = useState(false);
  const expired = status.account.state === 'expired';
  const email = status.account.state === 'local' ? '' : status.account.email;

  async function syncNow() {
    if (running || expired) return;
    setRunning(true);
    try {
      await onSyncNow();
    } finally {
      setRunning(false);
    }
  }

  return (
    <section className="sync-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sync-card-title sync-state" data-state={status.status}>
        <span className="sync-state-dot" aria-hidden="true" />
        {statusLabel(status)}
      </h2>
      {status.pull && <PullProgressBar progress={status.pull} />}
      <dl className="sync-facts">
        <div>
          <dt>{t('syncCenter.connection')}</dt>
          <dd>{online && status.status !== 'offline' ? t('syncCenter.online') : t('syncCenter.offline')}</dd>
        </div>
        <div>
          <dt>{t('syncCenter.account')}</dt>
          <dd>
            {email || t('syncCenter.signedIn')}
            {expired && <span className="sync-warning"> · {t('syncCenter.sessionExpired')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('syncCenter.lastSynced')}</dt>
          <dd>
            {lastSynced ? (
              <>
                {relativeTime(lastSynced, now)}{' '}
                <time className="sync-muted" dateTime={lastSynced}>
                  ({absoluteTime(lastSynced)})
                </time>
              </>
            ) : (
              t('syncCenter.notYet')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('syncCenter.waiting')}</dt>
          <dd>{status.pending > 0 ? changes(status.pending) : t('syncCenter.nothingWaiting')}</dd>
        </div>
      </dl>
      {status.failing && (
        <p className="sync-problem">
          {t('syncCenter.failing', { reason: status.failing })}
        </p>
      )}
      {expired ? (
        <div className="sync-actions">
          <p className="sync-text">{t('syncCenter.signInAgainText')}</p>
          <Link to="/sign-in" search={{ email: email || undefined }} className="btn btn-primary">
            {t('syncCenter.signInAgain')}
          </Link>
        </div>
      ) : (
        <div className="sync-actions">
          <button type="button" className="btn btn-primary" onClick={syncNow} aria-disabled={running || undefined}>
            {t('syncCenter.syncNow')}
          </button>
          {!online && <p className="sync-muted">{t('syncCenter.youreOffline')}</p>}
        </div>
      )}
    </section>
  );
}

const SHOWN_QUEUED = 50;

function Queued({ queue }: { queue: SyncQueue }) {
  const id = useId();
  const { queued, queuedTotal, subjects } = queue;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {t('syncCenter.waiting')} <span className="section-count">{queuedTotal}</span>
      </h2>
      <ul className="sync-list" aria-labelledby={id}>
        {queued.slice(0, SHOWN_QUEUED).map((change) => (
          <li key={change.id} className="sync-queued-item">
            {describeChange(change, subjects)}
          </li>
        ))}
        {queuedTotal > Math.min(queued.length, SHOWN_QUEUED) && (
          <li className="sync-queued-item sync-muted">
            {t('syncCenter.andMore', { changes: changes(queuedTotal - Math.min(queued.length, SHOWN_QUEUED)) })}
          </li>
        )}
      </ul>
    </section>
  );
}

function Refused({
  queue,
  onRetried,
  onDiscarded,
}: {
  queue: SyncQueue;
  onRetried: (what: string) => void;
  onDiscarded: (what: string) => void;
}) {
  const id = useId();
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className="section-title is-danger">
        {t('syncCenter.notSynced')} <span className="section-count">{queue.refused.length}</span>
      </h2>
      <p className="sync-text sync-muted">
        {t('syncCenter.refusedText')}
      </p>
      <ul className="sync-list" aria-labelledby={id}>
        {queue.refused.map((entry) => (
          <RefusedItem key={entry.id} entry={entry} subjects={queue.subjects} onRetried={onRetried} onDiscarded={onDiscarded} />
        ))}
      </ul>
    </section>
  );
}
