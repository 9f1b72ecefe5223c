// Everything src/sync is given, declared here and nowhere else: the local store of one user's
// database, the databases on this device, the server transport, auth, live pokes, the clock and
// the environment. src/data implements SyncStore and SyncDatabases, src/backend SyncTransport and
// AuthPort — each with type-only imports of this file — and tests wrap them to inject faults.
import type { InvitationLink } from '@/domain/invitation-link';
import type { Mutation, MutationError, PullResult, PushResult, RefusedEntry, Role } from '@/domain/model';

/** What applying one pulled page did on the device. */
export interface PullOutcome {
  /** Outbox entries removed because the server has seen them (applied, duplicate or refused). */
  acknowledged: number;
  /** Entries the server refused in this page, now kept among the refused changes. */
  refused: RefusedEntry[];
  /** Lists that vanished for this user (unshared or gone) and were purged with their tasks;
   *  the name is read before the purge so the user can be told which list went. `left`: this
   *  device asked to leave it and the server has now seen that (the user knows why it went). */
  purgedLists: { id: string; name: string; left: boolean }[];
}

/**
 * One user's local database as the engine uses it. After `claim()`, every write (applyPull,
 * refuseLocally, setLastSyncedAt, setOfflineSavedShown) is fenced: once another engine has
 * claimed the same database, it rejects with an Error named 'LeadershipLost' and writes nothing.
 */
/** The error a fenced store write rejects with: another engine syncs this database now. */
export function isLeadershipLost(err: unknown): boolean {
  return (err as Error | null)?.name === 'LeadershipLost';
}

export interface SyncStore {
  /** Makes this engine the one that writes sync results here (call on becoming the leader). */
  claim(): Promise<void>;
  clientId(): Promise<string>;
  /** The cursors to pull with (the refusal stream's position `refused` always among them). */
  cursors(): Promise<Record<string, number>>;
  /** The oldest queued changes with ids above `after`. */
  pending(limit: number, after?: number): Promise<Mutation[]>;
  pendingCount(): Promise<number>;
  /** Calls `onCount` with the queue's length now and whenever it changes; returns unsubscribe. */
  observePending(onCount: (count: number) => void, onError: (err: unknown) => void): () => void;
  /** Acknowledge, record refusals, store rows, purge, rebase and move cursors: one transaction.
   *  `sent`: the cursors the page was asked for with (a cursor reset since then wins). */
  applyPull(page: PullResult, sent: Record<string, number>): Promise<PullOutcome>;
  /** Refuses queued changes on the device (the server can never take them). */
  refuseLocally(items: { id: number; error: MutationError }[]): Promise<RefusedEntry[]>;
  lastSyncedAt(): Promise<string | null>;
  setLastSyncedAt(iso: string): Promise<void>;
  /** Whether "Saved offline" was shown in the offline spell still running (kept across reloads). */
  offlineSavedShown(): Promise<boolean>;
  setOfflineSavedShown(shown: boolean): Promise<void>;
}

/** The databases on this device, as the account flows switch between them. */
export interface SyncDatabases {
  /** Opens `userId`'s database, makes it the app's current one (closing the one it replaces),
   *  and moves what was made while signed out into it once (queued for upload). */
  openUser(userId: string): Promise<SyncStore>;
  /** Makes the signed-out database current again. */
  openLocal(): Promise<void>;
  /** Removes `userId`'s database from this device (sign-out). */
  deleteUser(userId: string): Promise<void>;
  /** Changes queued in the current database. */
  pendingCount(): Promise<number>;
}

export type TransportOutcome<T> =
  | { kind: 'ok'; value: T }
  /** Transient: no network, timeout, 408, 429 or 5xx. Try again later with backoff. */
  | { kind: 'retry'; reason: 'network' | 'timeout' | 'server'; status: number; message: string }
  /**
   * 401 and the session refresh was refused: the session has expired. `revoked`: the server ended
   * it (signed out everywhere) rather than let it run out, so the device goes to signing in.
   */
  | { kind: 'unauthorized'; message: string; revoked?: true }
  /** Any other 4xx: the server refused the request as a whole and changed nothing. */
  | { kind: 'refused'; status: number; message: string; details?: string }
  /** 413: the body is over the server's limit; split the batch. */
  | { kind: 'too_large'; message: string };

export interface PushRequest {
  clientId: string;
  mutations: Mutation[];
}
export interface PullRequest {
  clientId: string;
  cursors: Record<string, number>;
  limit?: number;
  /** Ask the server to count the rows still to come past this page (`remaining`). */
  count?: boolean;
}

/** What the join page of a share link shows before anyone joins (link_preview, SPEC §13.1). */
export interface LinkPreview {
  list_id: string;
  list_name: string;
  list_color: string;
  role: Exclude<Role, 'owner'>;
  /** The display name of the person who made the link (never their e-mail: SPEC §16). */
  shared_by: string;
  /** Their avatar colour (servers before names send none). */
  shared_by_color?: string;
  /** The person's role on the list when they are on it already. */
  my_role: Role | null;
}

/** One entry of a task's history or a list's activity (task_history, list_activity: SPEC §17). */
export interface HistoryEntry {
  id: number;
  task_id: string | null;
  /** The task's title now (list activity names the task). */
  task_title: string | null;
  at: string;
  /** Who made the change: null for the server's own paths. */
  actor_id: string | null;
  /** Null for the server or a former member. */
  actor_name: string | null;
  actor_color: string | null;
  kind: string;
  before: unknown;
  after: unknown;
  /** The member who joined or left. */
  subject_name: string | null;
}

export interface SyncTransport {
  push(req: PushRequest): Promise<TransportOutcome<PushResult>>;
  pull(req: PullRequest): Promise<TransportOutcome<PullResult>>;
  /** Which of `ids` (at most ID_CHECK_LIMIT) someone on the server holds, so an import gives
   *  those records new ids (SPEC §15). Absent: the server can't be asked. */
  idsInUse?(ids: string[]): Promise<TransportOutcome<string[]>>;
  /** A share link's list, role and sharer, and joining through it (SPEC §13.1). */
  linkPreview?(token: string): Promise<TransportOutcome<LinkPreview>>;
  joinList?(token: string): Promise<TransportOutcome<string>>;
  /** A page (50, newest first, before `before`) of a task's history or a list's activity. */
  taskHistory?(taskId: string, before: number | null): Promise<TransportOutcome<HistoryEntry[]>>;
  listActivity?(listId: string, before: number | null): Promise<TransportOutcome<HistoryEntry[]>>;
}

/** The most ids one idsInUse call may ask about (the server refuses more). */
export const ID_CHECK_LIMIT = 500;

/** A user the auth service vouches for. */
export interface AuthUser {
  userId: string;
  email: string;
}

export type AuthSignal =
  /**
   * The session was lost without signOut() (refresh token refused, revoked elsewhere).
   * `elsewhere`: another tab's client lost it (it signed out, or its refresh was refused) and
   * said so; what that tab wrote to storage may not have reached this tab yet.
   */
  | { type: 'session-lost'; elsewhere: boolean; revoked?: true }
  | { type: 'signed-in'; user: AuthUser };

/**
 * "Something changed, pull": ids only, never data, so a lost one costs nothing. `clientId` is
 * the device whose push caused it (its own pokes are ignored); either id may be unknown.
 */
export interface Poke {
  listId: string | null;
  clientId: string | null;
}

export interface PokeHandlers {
  onPoke(poke: Poke): void;
  /** (Re)subscribed: pokes sent while not subscribed are lost, so pull once to catch up. */
  onResubscribed(): void;
}

/** Subscribes to one user's pokes (resubscribing by itself after errors); returns unsubscribe. */
export type PokeSource = (handlers: PokeHandlers) => () => void;

/** A refusal with words to show, at a field if it is about one; `confirm`: the e-mail awaits its confirmation. */
export type AuthRefusal = { ok: false; message: string; field?: 'email' | 'password'; confirm?: true };
export type AuthAnswer = { ok: true } | AuthRefusal;
/** The kinds of mailed link (GoTrue's verify types). */
export type AuthLinkType = 'signup' | 'recovery' | 'email_change';

/** Account flows that need the server (SPEC §16): mail-backed, so never offline. */
export interface AccountAuth {
  /** Mails a reset link; ok whether or not the address has an account (nobody learns that). */
  requestPasswordReset(email: string): Promise<AuthAnswer>;
  /** Sends the sign-up confirmation again. */
  resendConfirmation(email: string): Promise<AuthAnswer>;
  /** A mailed link's token: used once, it signs its account in on this device. */
  openLink(tokenHash: string, type: AuthLinkType): Promise<{ ok: true; user: AuthUser } | AuthRefusal>;
  changePassword(password: string): Promise<AuthAnswer>;
  /** Mails a link to the new address (the old one is told); the e-mail changes when it is opened. */
  changeEmail(email: string): Promise<AuthAnswer>;
  /** Ends every other session of the account (this one stays until signOut). */
  signOutOthers(): Promise<AuthAnswer>;
}

export interface AuthPort {
  /** `displayName`: the sign-up's optional "Name" (SPEC §16), already checked. */
  signUp(email: string, password: string, displayName?: string | null): Promise<{ ok: true; user: AuthUser } | AuthRefusal>;
  signIn(email: string, password: string): Promise<{ ok: true; user: AuthUser } | AuthRefusal>;
  /** Ends the session (every one of the account with 'global'); clears it on this device even when the server can't be reached. */
  signOut(scope?: 'local' | 'global'): Promise<void>;
  /** The account flows by mail; absent where the backend has none (test fakes). */
  account?: AccountAuth;
  /** The user of the stored session, or null; never signs anyone out for lack of network. */
  session(): Promise<AuthUser | null>;
  onSignal(listener: (signal: AuthSignal) => void): () => void;
  /** A transport that sends requests as `userId` only (anything else is `unauthorized`). */
  transportFor(userId: string): SyncTransport;
  /** Live updates: `userId`'s pokes while subscribed (absent: the app relies on its schedule). */
  pokesFor?(userId: string, handlers: PokeHandlers): () => void;
  /** An invitation mail's link, as the stored session's user (or anonymously without one). */
  openInvitation?(token: string): Promise<InvitationLink>;
  /** Deletes the signed-in account and everything of it on the server (SPEC §16). */
  deleteAccount?(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** "Don't send me invitations": stops invitation mail to the address a mail's token went to. */
  stopInvitationMail?(token: string): Promise<'stopped' | 'unknown' | 'unreachable'>;
  /** Whether the server says `userId`'s account was deleted; null when it can't be asked. */
  accountDeleted?(userId: string): Promise<boolean | null>;
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Online/visibility state and its changes (window/document in the browser; fakes in tests). */
export interface SyncEnvironment {
  online(): boolean;
  visible(): boolean;
  /** Subscribes to 'online' | 'offline' | 'visible' | 'hidden'; returns unsubscribe. */
  on(listener: (change: 'online' | 'offline' | 'visible' | 'hidden') => void): () => void;
}
