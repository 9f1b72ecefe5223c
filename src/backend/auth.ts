// The auth verbs the app needs, over supabase.auth, with messages ready to show. supabase-js
// reports a lost session as SIGNED_OUT; only signOut() here is the user signing out, so any
// other SIGNED_OUT becomes 'session-lost' (the engine pauses, nothing is deleted). supabase-js
// also repeats another tab's SIGNED_OUT in this one (a BroadcastChannel): that one is marked
// `elsewhere`, told apart by who took the session out of storage (watchSessionRemoval).
import { isAuthRetryableFetchError, type AuthError, type Session, type SupabaseClient } from '@supabase/supabase-js';
import { currentLanguage } from '@/lib/i18n';
import type { AuthPort, AuthRefusal, AuthSignal, AuthUser } from '@/sync/ports';
import { createAccountAuth } from './account-auth';
import { t } from './messages';
import { subscribePokes } from './pokes';
import { createRpcTransport } from './transport';

export interface KeyValueStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

type Refusal = AuthRefusal;
type Result = { ok: true; user: AuthUser } | Refusal;

export const AUTH_MESSAGES = {
  offline: "Can't reach the server — check your connection and try again",
  credentials: 'Wrong e-mail or password',
  taken: 'An account already uses that e-mail',
  weakPassword: 'Password must be at least 6 characters',
  badEmail: 'Enter a valid e-mail address',
  confirm: 'Check your e-mail to confirm the account, then sign in',
  unknown: 'Something went wrong — try again',
  tooManyLater: 'Too many attempts — try again later',
} as const;

/**
 * The throttle's answer in words (SPEC §12). supabase-js keeps neither the Retry-After header
 * nor extra body fields, so the wait comes from GoTrue's message ("…only request this after
 * 840 seconds"), in whole minutes rounded up.
 */
export function tooManyAttempts(message: string): string {
  const seconds = /after (\d+) seconds?/.exec(message)?.[1];
  if (!seconds) return AUTH_MESSAGES.tooManyLater;
  const minutes = Math.max(1, Math.ceil(Number(seconds) / 60));
  return t('backend.tooManyIn', { minutes });
}

/** Maps supabase-js auth errors to what the sign-in screen shows, and at which field. */
export function describeAuthError(error: AuthError): Refusal {
  if (isAuthRetryableFetchError(error)) return { ok: false, message: AUTH_MESSAGES.offline };
  const code = (error as AuthError & { code?: string }).code;
  switch (code) {
    case 'invalid_credentials':
      return { ok: false, message: AUTH_MESSAGES.credentials, field: 'password' };
    case 'user_already_exists':
    case 'email_exists':
      return { ok: false, message: AUTH_MESSAGES.taken, field: 'email' };
    case 'weak_password':
      return { ok: false, message: AUTH_MESSAGES.weakPassword, field: 'password' };
    case 'validation_failed':
    case 'email_address_invalid':
      return { ok: false, message: AUTH_MESSAGES.badEmail, field: 'email' };
    case 'email_not_confirmed':
      return { ok: false, message: AUTH_MESSAGES.confirm, field: 'email', confirm: true };
  }
  if (error.status === 429 || code === 'over_request_rate_limit') return { ok: false, message: tooManyAttempts(error.message) };
  if ((error.status ?? 0) >= 500) return { ok: false, message: AUTH_MESSAGES.offline };
  return { ok: false, message: error.message || AUTH_MESSAGES.unknown };
}

function userOf(session: Session): AuthUser {
  return { userId: session.user.id, email: session.user.email ?? '' };
}

/**
 * The session's storage as this tab's client sees it, noting when that client removes the
 * session: a SIGNED_OUT that follows such a removal is this tab's own; one without it was
 * heard from another tab (supabase-js removes nothing when it repeats another tab's event).
 */
export function watchSessionRemoval(storage: KeyValueStorage, storageKey: string): { storage: KeyValueStorage; removedHere(): boolean } {
  let removed = false;
  return {
    storage: {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => {
        if (key === storageKey) removed = false;
        return storage.setItem(key, value);
      },
      removeItem: (key) => {
        if (key === storageKey) removed = true;
        return storage.removeItem(key);
      },
    },
    removedHere() {
      const answer = removed;
      removed = false;
      return answer;
    },
  };
}

export function createAuth(
  supabase: SupabaseClient,
  storage: KeyValueStorage,
  storageKey: string,
  /** Whether this tab's client removed the session since last asked (watchSessionRemoval). */
  removedHere: () => boolean = () => true,
  /** The project's anon key: asks that must not carry a session the server has ended. */
  anonKey?: string,
  /** Whether the last refused refresh said the server ended the session (revoked-session.ts). */
  refusedAsRevoked: () => boolean = () => false,
): AuthPort {
  let signingOut = false;

  /**
   * The stored session's access token while it is valid. Read from storage: getSession() would
   * refresh an expired one, and the poke subscription must not drive the session's life (a
   * refused refresh there would end the session behind the sync engine's back, and offline
   * auth-js retries a refresh for ~25 s holding its lock).
   */
  async function liveAccessToken(): Promise<string | null> {
    const stored = await storage.getItem(storageKey);
    if (!stored) return null;
    const session = JSON.parse(stored) as { access_token?: unknown; expires_at?: unknown };
    if (typeof session.access_token !== 'string') return null;
    if (typeof session.expires_at === 'number' && session.expires_at * 1000 <= Date.now()) return null;
    return session.access_token;
  }

  async function finish(answer: { data: { session: Session | null }; error: AuthError | null }): Promise<Result> {
    if (answer.error) return describeAuthError(answer.error);
    // confirmations on: the account waits for its e-mail's link (GoTrue answers the user only)
    if (!answer.data.session) return { ok: false, message: AUTH_MESSAGES.confirm, field: 'email', confirm: true };
    return { ok: true, user: userOf(answer.data.session) };
  }

  return {
    async signUp(email, password, displayName) {
      // the sign-up's "Name" goes where GoTrue keeps user data; the server reads it when it first
      // needs the person's name (supabase/schemas/profiles.sql), and the language the app speaks
      // for the mails sent before a profile exists (supabase/schemas/server_languages.sql)
      const data = { ...(displayName ? { display_name: displayName } : {}), language: currentLanguage() };
      return finish(await supabase.auth.signUp({ email: email.trim(), password, options: { data } }));
    },
    async signIn(email, password) {
      return finish(await supabase.auth.signInWithPassword({ email: email.trim(), password }));
    },
    async signOut(scope = 'local') {
      signingOut = true;
      try {
        const { error } = await supabase.auth.signOut({ scope });
        // Offline the server can't be told; the device forgets the session all the same.
        if (error) {
          await storage.removeItem(storageKey);
          await storage.removeItem(`${storageKey}-user`);
        }
      } finally {
        signingOut = false;
      }
    },
    async session() {
      const { data } = await supabase.auth.getSession();
      if (data.session) return userOf(data.session);
      // an expired token that could not be refreshed offline is still this device's session
      const stored = await storage.getItem(storageKey);
      const user = stored ? (JSON.parse(stored) as { user?: { id?: string; email?: string } }).user : undefined;
      return user?.id ? { userId: user.id, email: user.email ?? '' } : null;
    },
    onSignal(listener: (signal: AuthSignal) => void) {
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (event === 'SIGNED_OUT' && !signingOut) {
          const elsewhere = !removedHere();
          listener(!elsewhere && refusedAsRevoked() ? { type: 'session-lost', elsewhere, revoked: true } : { type: 'session-lost', elsewhere });
        }
        else if ((event === 'SIGNED_IN' || event === 'TOKEN_REFRESHED') && session) listener({ type: 'signed-in', user: userOf(session) });
      });
      return () => data.subscription.unsubscribe();
    },
    account: createAccountAuth(supabase),
    async deleteAccount() {
      const { error, status } = (await supabase.rpc('delete_account')) as { error: { message: string } | null; status: number };
      if (!error) return { ok: true };
      if (status === 0 || status >= 500) return { ok: false, message: AUTH_MESSAGES.offline };
      if (status === 401) return { ok: false, message: 'Your session expired — sign in again, then delete the account' };
      return { ok: false, message: error.message || AUTH_MESSAGES.unknown };
    },
    async accountDeleted(userId) {
      // as anon: the account's own token is refused once its sessions are gone
      const ask = supabase.rpc('account_deleted', { p_user_id: userId });
      const { data, error } = await (anonKey ? ask.setHeader('Authorization', `Bearer ${anonKey}`) : ask);
      return error || typeof data !== 'boolean' ? null : data;
    },
    transportFor: (userId) => createRpcTransport(supabase, userId),
    pokesFor: (userId, handlers) => subscribePokes(supabase, userId, handlers, { accessToken: liveAccessToken }),
  };
}
