// A stand-in for the sync facade (src/sync's Sync) that a test drives by hand: set the status,
// emit events, script the answers of signIn/signUp/signOut/pendingCount. Installed with
// provideSync(), the seam the UI loads the real facade through.
import { vi } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import type { InvitationLink } from '@/domain/invitation-link';
import type { Account, AuthAnswer, AuthOutcome, HistoryAnswer, LinkAnswer, LinkPreview, Sync, SyncEvent, SyncListener, SyncStatus } from '@/sync';

export const ANN: Account = { state: 'signed-in', userId: 'user-ann', email: 'ann@example.com' };

export interface FakeSync {
  sync: Sync & {
    syncNow: ReturnType<typeof vi.fn<() => Promise<void>>>;
    signIn: ReturnType<typeof vi.fn<(email: string, password: string) => Promise<AuthOutcome>>>;
    signUp: ReturnType<typeof vi.fn<(email: string, password: string) => Promise<AuthOutcome>>>;
    signOut: ReturnType<typeof vi.fn<() => Promise<void>>>;
    pendingCount: ReturnType<typeof vi.fn<() => Promise<number>>>;
    openInvitation: ReturnType<typeof vi.fn<(token: string) => Promise<InvitationLink>>>;
    signOutEverywhere: ReturnType<typeof vi.fn<() => Promise<AuthAnswer>>>;
    openAuthLink: ReturnType<typeof vi.fn<(tokenHash: string, type: string) => Promise<AuthOutcome>>>;
    requestPasswordReset: ReturnType<typeof vi.fn<(email: string) => Promise<AuthAnswer>>>;
    resendConfirmation: ReturnType<typeof vi.fn<(email: string) => Promise<AuthAnswer>>>;
    changePassword: ReturnType<typeof vi.fn<(password: string) => Promise<AuthAnswer>>>;
    changeEmail: ReturnType<typeof vi.fn<(email: string) => Promise<AuthAnswer>>>;
    deleteAccount: ReturnType<typeof vi.fn<() => Promise<{ ok: true } | { ok: false; message: string }>>>;
    stopInvitationMail: ReturnType<typeof vi.fn<(token: string) => Promise<'stopped' | 'unknown' | 'unreachable'>>>;
  };
  /** Changes the status snapshot and tells subscribers, as the facade does. */
  setStatus(next: Partial<SyncStatus>): void;
  emit(event: SyncEvent): void;
}

export function fakeSync(initial: Partial<SyncStatus> = {}): FakeSync {
  const listeners = new Set<SyncListener>();
  let status: SyncStatus = {
    status: 'synced',
    pending: 0,
    account: ANN,
    lastSyncedAt: null,
    failing: null,
    leader: true,
    pull: null,
    ...initial,
  };
  const emit = (event: SyncEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const setStatus = (next: Partial<SyncStatus>) => {
    const accountChanged = next.account && next.account !== status.account;
    status = { ...status, ...next };
    if (accountChanged) emit({ type: 'account', account: status.account });
    emit({ type: 'status', ...status });
  };
  const signedIn = async (email: string): Promise<AuthOutcome> => {
    const account: Account = { state: 'signed-in', userId: 'user-ann', email };
    setStatus({ account, status: 'synced' });
    return { ok: true, account };
  };
  const sync = {
    getStatus: () => status,
    subscribe: (listener: SyncListener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    syncNow: vi.fn(async () => {}),
    start: vi.fn(async () => {}),
    stop: vi.fn(async () => {}),
    getAccount: () => status.account,
    signIn: vi.fn(async (email: string, _password: string) => signedIn(email)),
    signUp: vi.fn(async (email: string, _password: string) => signedIn(email)),
    signOut: vi.fn(async () => setStatus({ account: { state: 'local' }, status: 'local', pending: 0 })),
    signOutEverywhere: vi.fn(async (): Promise<AuthAnswer> => {
      setStatus({ account: { state: 'local' }, status: 'local', pending: 0 });
      return { ok: true };
    }),
    openAuthLink: vi.fn(async (_tokenHash: string, _type: string) => signedIn('ann@example.test')),
    requestPasswordReset: vi.fn(async (_email: string): Promise<AuthAnswer> => ({ ok: true })),
    resendConfirmation: vi.fn(async (_email: string): Promise<AuthAnswer> => ({ ok: true })),
    changePassword: vi.fn(async (_password: string): Promise<AuthAnswer> => ({ ok: true })),
    changeEmail: vi.fn(async (_email: string): Promise<AuthAnswer> => ({ ok: true })),
    pendingCount: vi.fn(async () => status.pending),
    restore: vi.fn(async () => {}),
    // the server can't be asked: an import gives every record a new id
    idsInUse: vi.fn(async (_ids: string[]): Promise<ReadonlySet<string> | null> => null),
    openInvitation: vi.fn(async (_token: string): Promise<InvitationLink> => ({ state: 'unknown' })),
    // share links: a test that opens a join page sets its own answers
    links: {
      preview: vi.fn(async (_token: string): Promise<LinkAnswer<LinkPreview>> => ({ ok: false, problem: 'offline', message: 'No server' })),
      join: vi.fn(async (_token: string): Promise<LinkAnswer<string>> => ({ ok: false, problem: 'offline', message: 'No server' })),
    },
    // history and activity: a test that opens them sets its own answers
    history: {
      task: vi.fn(async (_taskId: string, _before?: number | null): Promise<HistoryAnswer> => ({ ok: false, problem: 'offline', message: 'No server' })),
      list: vi.fn(async (_listId: string, _before?: number | null): Promise<HistoryAnswer> => ({ ok: false, problem: 'offline', message: 'No server' })),
    },
    stopInvitationMail: vi.fn(async (_token: string): Promise<'stopped' | 'unknown' | 'unreachable'> => 'stopped'),
    deleteAccount: vi.fn(async (): Promise<{ ok: true } | { ok: false; message: string }> => {
      setStatus({ account: { state: 'local' }, status: 'local', pending: 0 });
      return { ok: true };
    }),
  };
  return { sync, setStatus, emit };
}

/** Makes `fake` the app's facade; returns it. Pair with `provideSync(null)` after each test. */
export function installFakeSync(initial: Partial<SyncStatus> = {}): FakeSync {
  const fake = fakeSync(initial);
  provideSync(fake.sync);
  return fake;
}
