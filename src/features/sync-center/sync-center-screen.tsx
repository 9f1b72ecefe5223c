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
import './sync-center.css';

const changes = (n: number) => (n === 1 ? '1 change' : `${n} changes`);

export function SyncCenterScreen() {
  const status = useSyncStatus();
  const queue = useSyncQueue();
  const { announce, region } = useAnnouncer();
  const local = status.account.state === 'local';

  async function sendNow() {
    await currentSync()?.syncNow();
  }

  return (
    <Screen title="Sync" className="sync-screen">
      {local ? <LocalOnly /> : <StatusCard status={status} onSyncNow={sendNow} />}
      {!local && queue && queue.queuedTotal > 0 && <Queued queue={queue} />}
      {queue && queue.refused.length > 0 && (
        <Refused
          queue={queue}
          onRetried={(what) => {
            announce(`Sending again: ${what}`);
            void sendNow();
          }}
          onDiscarded={(what) => announce(`Discarded: ${what}`)}
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
        Sync needs an account
      </h2>
      <p className="sync-text">
        Daybook is keeping everything on this device only. Sign in to have your lists on your other devices and to share them —
        what is here comes with you.
      </p>
      <div>
        <Link to="/sign-in" className="btn btn-primary">
          Sign in to sync
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
          <dt>Connection</dt>
          <dd>{online && status.status !== 'offline' ? 'Online' : 'Offline'}</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd>
            {email || 'Signed in'}
            {expired && <span className="sync-warning"> · session expired</span>}
          </dd>
        </div>
        <div>
          <dt>Last synced</dt>
          <dd>
            {lastSynced ? (
              <>
                {relativeTime(lastSynced, now)}{' '}
                <time className="sync-muted" dateTime={lastSynced}>
                  ({absoluteTime(lastSynced)})
                </time>
              </>
            ) : (
              'Not yet'
            )}
          </dd>
        </div>
        <div>
          <dt>Waiting to sync</dt>
          <dd>{status.pending > 0 ? changes(status.pending) : 'Nothing — every change on this device has reached the server'}</dd>
        </div>
      </dl>
      {status.failing && (
        <p className="sync-problem">
          Can’t sync right now: {status.failing}. Your changes are safe on this device; Daybook keeps trying.
        </p>
      )}
      {expired ? (
        <div className="sync-actions">
          <p className="sync-text">Sign in again to resume syncing. Nothing waiting is lost.</p>
          <Link to="/sign-in" search={{ email: email || undefined }} className="btn btn-primary">
            Sign in again
          </Link>
        </div>
      ) : (
        <div className="sync-actions">
          <button type="button" className="btn btn-primary" onClick={syncNow} aria-disabled={running || undefined}>
            Sync now
          </button>
          {!online && <p className="sync-muted">You’re offline — changes will be sent when you’re back.</p>}
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
        Waiting to sync <span className="section-count">{queuedTotal}</span>
      </h2>
      <ul className="sync-list" aria-labelledby={id}>
        {queued.slice(0, SHOWN_QUEUED).map((change) => (
          <li key={change.id} className="sync-queued-item">
            {describeChange(change, subjects)}
          </li>
        ))}
        {queuedTotal > Math.min(queued.length, SHOWN_QUEUED) && (
          <li className="sync-queued-item sync-muted">and {changes(queuedTotal - Math.min(queued.length, SHOWN_QUEUED))} more</li>
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
        Not synced <span className="section-count">{queue.refused.length}</span>
      </h2>
      <p className="sync-text sync-muted">
        The server refused these changes. Retry once the cause is fixed, copy what you typed, or discard them.
      </p>
      <ul className="sync-list" aria-labelledby={id}>
        {queue.refused.map((entry) => (
          <RefusedItem key={entry.id} entry={entry} subjects={queue.subjects} onRetried={onRetried} onDiscarded={onDiscarded} />
        ))}
      </ul>
    </section>
  );
}
