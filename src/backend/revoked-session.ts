// Telling a session the server ended (signed out everywhere, SPEC §16) from one that merely ran
// out. Supabase Auth (GoTrue) answers the refresh of a revoked session 400 with
// `refresh_token_not_found` (its logout deletes the sessions, and their refresh tokens with them)
// or `session_not_found` (a token whose session is gone); a session past its time box or
// inactivity limit is `session_expired`, a rotated token sent again `refresh_token_already_used`.
// supabase-js passes the code on in the error a refresh returns, but when its own background
// refresh is refused it only reports SIGNED_OUT: so the last refused refresh's code is also read
// off the wire here, before supabase-js sees the answer.
const REVOKED_CODES = new Set(['refresh_token_not_found', 'session_not_found']);

/** Whether a refused refresh's error code says the session was ended on the server. */
export function isRevokedCode(code: unknown): boolean {
  return typeof code === 'string' && REVOKED_CODES.has(code);
}

export interface RefreshWatch {
  fetch: typeof fetch;
  /** Whether the last refresh the server answered was refused as revoked. */
  lastRefusedAsRevoked(): boolean;
}

const urlOf = (input: Parameters<typeof fetch>[0]): string => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
const isRefresh = (url: string): boolean => /\/auth\/v1\/token\?(?:.*&)?grant_type=refresh_token\b/.test(url);
/** Any grant of a session (password, refresh, a mailed link's verify): a new session is not revoked. */
const isGrant = (url: string): boolean => /\/auth\/v1\/(?:token|verify)\b/.test(url);

export function watchRefreshes(base: typeof fetch): RefreshWatch {
  let revoked = false;
  return {
    fetch: async (input, init) => {
      const response = await base(input, init);
      const url = urlOf(input);
      if (!isGrant(url)) return response;
      if (response.ok) revoked = false;
      else if (isRefresh(url) && response.status >= 400 && response.status < 500) {
        const body = (await response
          .clone()
          .json()
          .catch(() => null)) as { error_code?: unknown; code?: unknown } | null;
        revoked = isRevokedCode(body?.error_code ?? body?.code);
      }
      return response;
    },
    lastRefusedAsRevoked: () => revoked,
  };
}
