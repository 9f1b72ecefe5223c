// Whether sign-up waits for the e-mail's confirmation, decided as Supabase's local stack decides
// it from supabase/config.toml's `[auth.email] enable_confirmations`: the key when it is set;
// unset, on exactly when mail really goes out (SMTP_URL). DAYBOOK_EMAIL_CONFIRMATIONS (true or
// false) overrides both, for one server without editing the shared file.

/** The `[auth.email]` table's enable_confirmations in a config.toml's text, or null when unset. */
export function tomlEnableConfirmations(toml: string): boolean | null {
  let table = '';
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const entry = /^enable_confirmations\s*=\s*(true|false)$/.exec(line);
    if (entry && table === 'auth.email') return entry[1] === 'true';
  }
  return null;
}

export function emailConfirmations(opts: { toml: string | null; env: string | undefined; smtpUrl: string | undefined }): boolean {
  const env = opts.env?.trim().toLowerCase();
  if (env === 'true' || env === '1' || env === 'on') return true;
  if (env === 'false' || env === '0' || env === 'off') return false;
  if (env) throw new Error(`DAYBOOK_EMAIL_CONFIRMATIONS must be true or false, not "${opts.env}"`);
  return (opts.toml === null ? null : tomlEnableConfirmations(opts.toml)) ?? Boolean(opts.smtpUrl);
}

// How long a session lives, as Supabase's local stack reads supabase/config.toml's
// `[auth.sessions] timebox` (signed out that long after signing in) and `inactivity_timeout`
// (signed out after that long without a refresh): Go durations such as "24h" or "8h30m"; unset or
// zero, no limit (hosted Supabase's default too). A refresh past either is refused 400
// `session_expired`, as GoTrue refuses it: an expiry, not a revocation (src/backend/revoked-session.ts).
export interface SessionLimits {
  timeboxMs: number | null;
  inactivityMs: number | null;
}

const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** A Go duration ("24h", "1h30m", "90s", "0") in milliseconds; throws on anything else. */
export function parseGoDuration(text: string): number {
  const value = text.trim();
  if (value === '0') return 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (!parts.length || parts.map((p) => p[0]).join('') !== value) throw new Error(`Not a duration such as "24h" or "8h30m": "${text}"`);
  return Math.round(parts.reduce((sum, p) => sum + Number(p[1]) * DURATION_UNITS[p[2]!]!, 0));
}

/** The `[auth.sessions]` table's limits in a config.toml's text (null where unset or zero). */
export function tomlSessionLimits(toml: string): SessionLimits {
  const limits: SessionLimits = { timeboxMs: null, inactivityMs: null };
  let table = '';
  for (const raw of toml.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      table = header[1]!;
      continue;
    }
    const entry = /^(timebox|inactivity_timeout)\s*=\s*"([^"]*)"$/.exec(line);
    if (!entry || table !== 'auth.sessions') continue;
    const ms = parseGoDuration(entry[2]!) || null;
    if (entry[1] === 'timebox') limits.timeboxMs = ms;
    else limits.inactivityMs = ms;
  }
  return limits;
}
