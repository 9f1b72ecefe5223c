// Whether sign-up waits for the e-mail's confirmation (SPEC §16): supabase/config.toml's
// [auth.email] enable_confirmations when set, else on exactly with SMTP_URL; the env overrides.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailConfirmations, tomlEnableConfirmations } from '../../../server/auth-config.ts';

describe('email confirmations', () => {
  it('reads the key only from the [auth.email] table', () => {
    expect(tomlEnableConfirmations('[auth.email]\nenable_confirmations = true\n')).toBe(true);
    expect(tomlEnableConfirmations('[auth.email]\n  enable_confirmations=false # off\n')).toBe(false);
    expect(tomlEnableConfirmations('[auth.sms]\nenable_confirmations = true\n')).toBeNull();
    expect(tomlEnableConfirmations('[auth.email]\n# enable_confirmations = true\n')).toBeNull();
  });

  it('unset: off without SMTP_URL, on with it; the toml key decides when set; the env overrides both', () => {
    expect(emailConfirmations({ toml: '', env: undefined, smtpUrl: undefined })).toBe(false);
    expect(emailConfirmations({ toml: '', env: undefined, smtpUrl: 'smtp://x' })).toBe(true);
    expect(emailConfirmations({ toml: '[auth.email]\nenable_confirmations = false', env: undefined, smtpUrl: 'smtp://x' })).toBe(false);
    expect(emailConfirmations({ toml: '[auth.email]\nenable_confirmations = true', env: undefined, smtpUrl: undefined })).toBe(true);
    expect(emailConfirmations({ toml: '[auth.email]\nenable_confirmations = true', env: 'false', smtpUrl: undefined })).toBe(false);
    expect(emailConfirmations({ toml: null, env: 'true', smtpUrl: undefined })).toBe(true);
    expect(() => emailConfirmations({ toml: null, env: 'maybe', smtpUrl: undefined })).toThrow(/DAYBOOK_EMAIL_CONFIRMATIONS/);
  });

  it('the repo’s config.toml leaves the key unset (the default follows SMTP_URL)', () => {
    expect(tomlEnableConfirmations(readFileSync('supabase/config.toml', 'utf8'))).toBeNull();
  });
});
