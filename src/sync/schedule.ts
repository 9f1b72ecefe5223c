// When the next sync runs, as a pure reducer: (state, event, now, random) → state. The engine
// keeps one timer for `runAt`. Rules (SPEC §9, ARCHITECTURE "Scheduler"): at start; 1 s after a
// local edit; on `online`; on becoming visible; every 60 s while visible and signed in; backoff
// after a failure (1 s doubling to 5 min, full jitter); `online` and a successful request reset it.
// A poke (a change elsewhere that this user sees, or pokes resuming after a gap) runs 50 ms
// later, so a burst of pokes makes one run. During a backoff the first poke runs at once anyway:
// it shows that the server is up, and a user watching a shared list expects the change now, not
// in minutes. It is not an edit and resets nothing; later pokes in the same backoff window wait
// for it (a server that takes others' pushes but fails our pulls costs at most one extra
// request per window) and run 50 ms after the backoff ends if a request succeeds first (a
// poke may be about a commit that the run in progress did not see).
import { backoffDelay } from './backoff';

export const EDIT_DELAY_MS = 1000;
// long enough to gather the pokes of one commit (one per list it changed) into one run
export const POKE_DELAY_MS = 50;
export const PERIODIC_MS = 60_000;
export const FAILING_AFTER_MS = 5 * 60_000;

export interface ScheduleState {
  /** Signed in with a live session and this tab leads: runs may happen. */
  active: boolean;
  online: boolean;
  visible: boolean;
  /** Consecutive failed runs. */
  failures: number;
  /** No automatic run before this time (backoff); null when not backing off. */
  retryAt: number | null;
  /** A run asked for (start, edit, poke, online, visible, manual, retry); null = none. */
  runAt: number | null;
  /** The periodic run while visible; dropped when the app is hidden. */
  tickAt: number | null;
  /** Start of the current spell of failures. */
  failingSince: number | null;
  /** A poke already cut this backoff window short. */
  pokedThroughBackoff: boolean;
  /** A poke waits for the backoff to end. */
  pokeDeferred: boolean;
}

export type ScheduleEvent =
  | 'start'
  | 'pause'
  | 'edit'
  /** The server says something changed for this user elsewhere, or pokes resumed after a gap. */
  | 'poke'
  | 'online'
  | 'offline'
  | 'visible'
  | 'hidden'
  | 'manual'
  | 'run'
  /** One request of a run succeeded (the run may still fail later): the backoff starts over. */
  | 'progress'
  | 'succeeded'
  | 'failed';

export function initialSchedule(online: boolean, visible: boolean): ScheduleState {
  return {
    active: false,
    online,
    visible,
    failures: 0,
    retryAt: null,
    runAt: null,
    tickAt: null,
    failingSince: null,
    pokedThroughBackoff: false,
    pokeDeferred: false,
  };
}

const earliest = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));

/** The backoff is over: a poke that waited for it runs now. */
function endBackoff(s: ScheduleState, now: number): ScheduleState {
  const runAt = s.pokeDeferred && s.active && s.online ? earliest(s.runAt, now + POKE_DELAY_MS) : s.runAt;
  return { ...s, failures: 0, retryAt: null, failingSince: null, pokedThroughBackoff: false, pokeDeferred: false, runAt };
}

export function schedule(s: ScheduleState, event: ScheduleEvent, now: number, random: () => number = Math.random): ScheduleState {
  const notBeforeRetry = (t: number) => Math.max(t, s.retryAt ?? t);
  switch (event) {
    case 'start':
      return { ...s, active: true, runAt: now };
    case 'pause':
      return { ...s, active: false, runAt: null, tickAt: null, pokeDeferred: false };
    case 'edit':
      if (!s.active || !s.online) return s;
      return { ...s, runAt: earliest(s.runAt, notBeforeRetry(now + EDIT_DELAY_MS)) };
    case 'poke': {
      if (!s.active || !s.online) return s;
      const at = now + POKE_DELAY_MS;
      if (s.retryAt === null || s.retryAt <= at) return { ...s, runAt: earliest(s.runAt, at) };
      if (!s.pokedThroughBackoff) return { ...s, runAt: earliest(s.runAt, at), pokedThroughBackoff: true };
      return { ...s, runAt: earliest(s.runAt, s.retryAt), pokeDeferred: true };
    }
    case 'online':
      // runs at once, which serves a poke that waited; the failure spell goes on until a success
      return { ...s, online: true, failures: 0, retryAt: null, pokedThroughBackoff: false, pokeDeferred: false, runAt: s.active ? now : null };
    case 'offline':
      return { ...s, online: false, runAt: null, tickAt: null, pokeDeferred: false };
    case 'visible':
      if (!s.active || !s.online) return { ...s, visible: true };
      return { ...s, visible: true, runAt: earliest(s.runAt, notBeforeRetry(now)) };
    case 'hidden':
      return { ...s, visible: false, tickAt: null };
    case 'manual':
      return s.active ? { ...s, runAt: now } : s;
    case 'run':
      // a poke that waited is served by this run
      return { ...s, runAt: null, tickAt: null, pokeDeferred: false };
    case 'progress':
      return s.failures === 0 && s.failingSince === null && !s.pokeDeferred ? s : endBackoff(s, now);
    case 'succeeded': {
      const ended = endBackoff(s, now);
      return {
        ...ended,
        runAt: s.active ? ended.runAt : null,
        tickAt: s.active && s.visible && s.online ? now + PERIODIC_MS : null,
      };
    }
    case 'failed': {
      const failures = s.failures + 1;
      const retryAt = now + backoffDelay(failures, random);
      return {
        ...s,
        failures,
        retryAt,
        failingSince: s.failingSince ?? now,
        // a new backoff window: the next poke may cut it short again
        pokedThroughBackoff: false,
        runAt: s.active && s.online ? retryAt : null,
        tickAt: null,
      };
    }
  }
}

/** When the engine's timer should fire: the earlier of a requested run and the periodic one. */
export function nextRun(s: ScheduleState): number | null {
  if (s.runAt === null) return s.tickAt;
  return s.tickAt === null ? s.runAt : Math.min(s.runAt, s.tickAt);
}

/** True once failures have lasted FAILING_AFTER_MS (the engine reports it once per spell). */
export function isFailing(s: ScheduleState, now: number): boolean {
  return s.failingSince !== null && now - s.failingSince >= FAILING_AFTER_MS;
}
