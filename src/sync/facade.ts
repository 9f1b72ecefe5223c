// The facade the UI calls (`Sync`): account flows (sign in/up/out, expired session) around one engine
// per signed-in user's database. See README.md for the contract.
import { createSyncEngine, type EngineOptions, type SyncEngine } from './engine';
import { browserEnvironment, realClock } from './environment';
import { type IdCheck, serverIdCheck } from './id-check';
import { type HistoryReader, historyReader } from './history';
import { type LinkJoin, linkJoin } from './link-join';
import { createLeadership, type Leadership } from './leader';
import type { InvitationLink } from '@/domain/invitation-link';
import { localizeMessage } from '@/lib/i18n/catalogue';
import type { AccountAuth, AuthAnswer, AuthLinkType, AuthPort, Clock, SyncDatabases, SyncEnvironment } from './ports';
import { shallowEqual } from './shallow';
import { spoken, spokenEvent } from './messages';
import { type AccountStorage, readStoredAccount, watchStoredAccount, writeStoredAccount } from './stored-account';
import type { Account, AuthOutcome, EngineEvent, SyncListener, SyncStatus } from './types';

export interface SyncDeps {
  auth: AuthPort;
  /** The databases on this device (src/data's syncDatabases). */
  databases: SyncDatabases;
  /** Where the account is remembered (default localStorage). */
  storage?: AccountStorage | null;
  /** Calls back when another tab changes the remembered account (default: storage events). */
  watchAccount?: (onChange: () => void) => () => void;
  clock?: Clock;
  random?: () => number;
  environment?: SyncEnvironment;
  leadershipFor?: (userId: string) => Leadership;
  /** Passed to each engine (pull page size, batch limits). */
  engine?: Pick<EngineOptions, 'pullLimit' | 'maxPullLimit' | 'maxBatchChanges' | 'maxPushChanges' | 'maxBatchBytes'>;
}

export interface Sync {
  getStatus(): SyncStatus;
  subscribe(listener: SyncListener): () => void;
  syncNow(): Promise<void>;
  start(userId: string): Promise<void>;
  stop(): Promise<void>;
  getAccount(): Account;
  signUp(email: string, password: string, displayName?: string | null): Promise<AuthOutcome>;
  signIn(email: string, password: string): Promise<AuthOutcome>;
  signOut(): Promise<void>;
  /**
   * Ends every session of the account (SPEC §16), then signs this device out as signOut() does.
   * Needs the server: refused (and nothing changed) when it can't be told.
   */
  signOutEverywhere(): Promise<AuthAnswer>;
  /** A mailed link (confirmation, reset, new e-mail): uses its token and signs its account in here. */
  openAuthLink(tokenHash: string, type: AuthLinkType): Promise<AuthOutcome>;
  requestPasswordReset(email: string): Promise<AuthAnswer>;
  resendConfirmation(email: string): Promise<AuthAnswer>;
  changePassword(password: string): Promise<AuthAnswer>;
  changeEmail(email: string): Promise<AuthAnswer>;
  pendingCount(): Promise<number>;
  /** At app start: resumes the remembered account's syncing (no network needed). */
  restore(): Promise<void>;
  /** For an import: which of `ids` someone on the server holds; null when signed out, offline
   *  or refused (the import then gives every record a new id). */
  idsInUse: IdCheck;
  /**
   * An invitation mail's link (SPEC §13.1): what it invites to, and for a signed-in person the
   * invitation made theirs to answer (then a sync brings it to the Lists screen too).
   */
  openInvitation(token: string): Promise<InvitationLink>;
  /** A share link's preview and joining through it, as the signed-in person (SPEC §13.1). */
  links: LinkJoin;
  /** A task's history and a list's activity, read from the server (SPEC §17). */
  history: HistoryReader;
  /** Deletes the signed-in account on the server, then its data on this device (SPEC §16). */
  deleteAccount(): Promise<{ ok: true } | { ok: false; message: string }>;
  /** "Don't send me invitations" with an invitation mail's token (SPEC §16). */
  stopInvitationMail(token: string): Promise<'stopped' | 'unknown' | 'unreachable'>;
}

export function createSync(deps: SyncDeps): Sync {
  const storage = deps.storage;
  const clock = deps.clock ?? realClock;
  const environment = deps.environment ?? browserEnvironment();
  const leadershipFor = deps.leadershipFor ?? ((userId: string) => createLeadership({ name: `daybook-sync-${userId}`, clock }));
  const listeners = new Set<SyncListener>();
  let account: Account = readStoredAccount(storage);
  let engine: SyncEngine | null = null;
  let engineUser: string | null = null;
  /** A sign-out elsewhere is being followed (it is heard more than once: signal, storage). */
  let following = false;
  let status: SyncStatus = compute();

  function compute(): SyncStatus {
    const s = account.state !== 'local' ? engine?.getStatus() : undefined;
    if (!s) return { status: 'local', pending: 0, account, lastSyncedAt: null, failing: null, leader: false, pull: null };
    // what went wrong is kept in English; the screens get it in the person's language
    const failing = s.failing === null ? null : localizeMessage(s.failing);
    return { status: s.status, pending: s.pending, account, lastSyncedAt: s.lastSyncedAt, failing, leader: s.leader, pull: s.pull };
  }

  function emitAll(event: Parameters<SyncListener>[0]) {
    for (const listener of [...listeners]) listener(event);
  }

  function refresh() {
    const next = compute();
    if (shallowEqual(next, status)) return;
    status = next;
    emitAll({ type: 'status', ...next });
  }

  function setAccount(next: Account) {
    account = next;
    writeStoredAccount(next, storage);
    emitAll({ type: 'account', account: next });
    refresh();
  }

  /**
   * This tab's client found the signed-in session gone. When nobody is remembered any more,
   * another tab signed out (it forgets the account before it drops the session): follow it, and
   * answer false. Otherwise the session expired. Calling a sign-out elsewhere an expiry would
   * remember the account again and bring it back in every tab after the other one deleted its data.
   * A session the server ended (`revoked`: signed out everywhere) sends the app to signing in, as
   * any sign-out does, but keeps the account's database: what was not synced is sent once the same
   * person signs in again.
   */
  function sessionEnded(signedIn: Extract<Account, { state: 'signed-in' }>, revoked = false): boolean {
    if (readStoredAccount(storage).state === 'local') {
      void followSignOut();
      return false;
    }
    setAccount(revoked ? { ...signedIn, state: 'expired', revoked: true } : { ...signedIn, state: 'expired' });
    if (revoked) emitAll({ type: 'session-revoked', email: signedIn.email });
    void forgetIfDeleted(signedIn.userId);
    return true;
  }

  /**
   * A refused session may mean the account was deleted (on another device): then its copy here
   * goes, as at a sign-out. Only when the server says so: an expired session keeps everything.
   */
  async function forgetIfDeleted(userId: string) {
    const deleted = await deps.auth.accountDeleted?.(userId).catch(() => null);
    if (deleted && account.state !== 'local' && account.userId === userId) await forgetAccount(userId);
  }

  async function forgetAccount(userId: string) {
    await stopEngine();
    writeStoredAccount({ state: 'local' }, storage);
    await deps.auth.signOut();
    setAccount({ state: 'local' });
    await deps.databases.openLocal();
    await deps.databases.deleteUser(userId);
    emitAll({ type: 'account-deleted' });
  }

  /**
   * Follows what another tab wrote: the account forgotten (it signed out) or remembered as
   * expired (its refresh was refused). Only reads: the tab that wrote it has said it all, and
   * a write from here, made from a view of storage that is behind, could undo its sign-out.
   */
  function followStored() {
    const stored = readStoredAccount(storage);
    if (account.state !== 'local' && stored.state === 'local') {
      void followSignOut();
    } else if (account.state === 'signed-in' && stored.state === 'expired' && stored.userId === account.userId) {
      account = stored;
      emitAll({ type: 'account', account });
      if (stored.revoked) emitAll({ type: 'session-revoked', email: stored.email });
      engine?.expire();
      refresh();
    }
  }

  function onEngineEvent(event: EngineEvent) {
    if (event.type === 'status') return refresh();
    if (event.type === 'expired' && account.state === 'signed-in' && !sessionEnded(account, event.revoked === true)) return;
    emitAll(spokenEvent(event));
  }

  async function stopEngine() {
    const current = engine;
    engine = null;
    engineUser = null;
    if (current) await current.stop();
  }

  async function start(userId: string) {
    if (engine && engineUser === userId) return;
    await stopEngine();
    if (account.state === 'local' || account.userId !== userId) setAccount({ state: 'signed-in', userId, email: '' });
    // Opens the user's database, making it current; what was made signed out moves into it once.
    const store = await deps.databases.openUser(userId);
    engine = createSyncEngine({
      store,
      transport: deps.auth.transportFor(userId),
      clock,
      random: deps.random,
      environment,
      leadership: leadershipFor(userId),
      expired: account.state === 'expired',
      pokes: deps.auth.pokesFor ? (handlers) => deps.auth.pokesFor!(userId, handlers) : undefined,
      ...deps.engine,
    });
    engineUser = userId;
    engine.subscribe(onEngineEvent);
    engine.start();
    refresh();
  }

  async function signedIn(result: Awaited<ReturnType<AuthPort['signIn']>>): Promise<AuthOutcome> {
    if (!result.ok) return spoken(result);
    const { userId, email } = result.user;
    const sameUser = account.state !== 'local' && account.userId === userId;
    setAccount({ state: 'signed-in', userId, email });
    if (sameUser && engine && engineUser === userId) engine.resume();
    else await start(userId);
    return { ok: true, account };
  }

  deps.auth.onSignal((signal) => {
    if (signal.type === 'signed-in') {
      if (account.state === 'expired' && account.userId === signal.user.userId) {
        setAccount({ state: 'signed-in', userId: account.userId, email: account.email });
        engine?.resume();
      }
      return;
    }
    // Another tab's news can arrive before its writes to storage do (they travel separately):
    // what storage says now is followed, and what it says next arrives as a change (watchAccount).
    if (signal.elsewhere) followStored();
    else if (account.state === 'signed-in' && sessionEnded(account, signal.revoked === true)) engine?.expire();
  });
  (deps.watchAccount ?? watchStoredAccount)(followStored);

  async function followSignOut() {
    if (following) return;
    following = true;
    try {
      await followSignOutNow();
    } finally {
      following = false;
    }
  }

  async function followSignOutNow() {
    await stopEngine();
    account = { state: 'local' };
    await deps.databases.openLocal();
    emitAll({ type: 'account', account });
    refresh();
  }

  const UNAVAILABLE: AuthAnswer = { ok: false, message: 'Not available with this server' };
  function withAccount<T extends { ok: boolean }>(use: (account: AccountAuth) => Promise<T>, otherwise: T): Promise<T> {
    return (deps.auth.account ? use(deps.auth.account) : Promise.resolve(otherwise)).then(spoken);
  }

  async function signOut(scope: 'local' | 'global' = 'local') {
    if (account.state === 'local') return;
    const userId = account.userId;
    await stopEngine();
    // Forgotten before the session goes: other tabs learn of the sign-out from the session's
    // removal and must find nobody remembered by then (see sessionEnded).
    writeStoredAccount({ state: 'local' }, storage);
    await deps.auth.signOut(scope);
    setAccount({ state: 'local' });
    await deps.databases.openLocal();
    await deps.databases.deleteUser(userId);
  }

  return {
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    syncNow: () => engine?.syncNow() ?? Promise.resolve(),
    start,
    stop: async () => {
      await stopEngine();
      refresh();
    },
    getAccount: () => account,
    signUp: async (email, password, displayName) => signedIn(await deps.auth.signUp(email, password, displayName)),
    signIn: async (email, password) => signedIn(await deps.auth.signIn(email, password)),
    signOut: () => signOut(),
    async signOutEverywhere() {
      if (account.state === 'local') return { ok: true };
      // the others first, keeping this session: refused offline, and then nothing has changed here
      const others = await withAccount((a) => a.signOutOthers(), UNAVAILABLE);
      if (!others.ok) return others;
      await signOut('global');
      return { ok: true };
    },
    openAuthLink: async (tokenHash, type) => signedIn(await withAccount((a) => a.openLink(tokenHash, type), UNAVAILABLE as Exclude<AuthAnswer, { ok: true }>)),
    requestPasswordReset: (email) => withAccount((a) => a.requestPasswordReset(email), UNAVAILABLE),
    resendConfirmation: (email) => withAccount((a) => a.resendConfirmation(email), UNAVAILABLE),
    changePassword: (password) => withAccount((a) => a.changePassword(password), UNAVAILABLE),
    changeEmail: (email) => withAccount((a) => a.changeEmail(email), UNAVAILABLE),
    pendingCount: () => deps.databases.pendingCount(),
    async restore() {
      if (account.state !== 'local') await start(account.userId);
      if (account.state === 'expired') void forgetIfDeleted(account.userId);
    },
    async idsInUse(ids) {
      if (account.state !== 'signed-in') return null;
      return serverIdCheck(deps.auth.transportFor(account.userId))(ids);
    },
    async openInvitation(token) {
      if (!deps.auth.openInvitation) return { state: 'unreachable' };
      const link = await deps.auth.openInvitation(token);
      if (link.state === 'open' && link.bound) void engine?.syncNow();
      return link;
    },
    links: linkJoin(() => (account.state === 'signed-in' ? deps.auth.transportFor(account.userId) : null)),
    history: historyReader(() => (account.state === 'signed-in' ? deps.auth.transportFor(account.userId) : null)),
    async deleteAccount() {
      if (account.state !== 'signed-in' || !deps.auth.deleteAccount) return spoken({ ok: false, message: 'Sign in to delete your account' });
      const userId = account.userId;
      const answer = await deps.auth.deleteAccount();
      if (answer.ok) await forgetAccount(userId);
      return spoken(answer);
    },
    stopInvitationMail: async (token) => (deps.auth.stopInvitationMail ? deps.auth.stopInvitationMail(token) : 'unreachable'),
  };
}
