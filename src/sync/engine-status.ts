// What the engine reports, as a pure function of what it knows (engine.ts keeps the state).
import type { PullProgress } from './progress';
import type { EngineStatus } from './types';

export interface StatusInput {
  leader: boolean;
  /** The leader tab's status, as a follower last heard it. */
  mirrored: EngineStatus | null;
  online: boolean;
  /** The last request failed to connect. */
  unreachable: boolean;
  running: boolean;
  pending: number;
  /** The outbox has been counted at least once. */
  pendingKnown: boolean;
  expired: boolean;
  lastSyncedAt: string | null;
  failing: string | null;
  pulling: PullProgress | null;
}

export function engineStatus(s: StatusInput): EngineStatus {
  if (!s.leader && s.mirrored) return { ...s.mirrored, pending: s.pending, leader: false, expired: s.expired };
  const offline = !s.online || s.unreachable;
  // "Synced" needs the outbox counted (a fresh sign-in's upload is queued but not yet seen) and
  // a completed run on this device (a new device's first pull has not started yet): until both,
  // the run at start is about to tell.
  const state: EngineStatus['status'] = s.running
    ? 'syncing'
    : offline
      ? 'offline'
      : s.pending > 0 || s.expired
        ? 'waiting'
        : s.pendingKnown && s.lastSyncedAt !== null
          ? 'synced'
          : 'syncing';
  return { status: state, pending: s.pending, lastSyncedAt: s.lastSyncedAt, failing: s.failing, leader: s.leader, expired: s.expired, pull: s.running ? s.pulling : null };
}
