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
