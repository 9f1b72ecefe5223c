// Whether sign-up waits for the e-mail's confirmation (SPEC §16): supabase/config.toml's
// [auth.email] enable_confirmations when set, else on exactly with SMTP_URL; the env overrides.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { emailConfirmations, parseGoDuration, tomlEnableConfirmations, tomlSessionLimits } from '../../../server/auth-config.ts';

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

describe('session limits', () => {
  it('reads Go durations from the [auth.sessions] table only; unset or zero is no limit', () => {
    expect(parseGoDuration('24h')).toBe(86_400_000);
    expect(parseGoDuration('8h30m')).toBe(30_600_000);
    expect(parseGoDuration('90s')).toBe(90_000);
    expect(parseGoDuration('1.5h')).toBe(5_400_000);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('0')).toBe(0);
    for (const bad of ['', '24', 'h', '1d', '2 h', '-1h']) expect(() => parseGoDuration(bad)).toThrow(/duration/);
    expect(tomlSessionLimits('[auth.sessions]\ntimebox = "24h"\ninactivity_timeout = "8h" # idle\n')).toEqual({ timeboxMs: 86_400_000, inactivityMs: 28_800_000 });
    expect(tomlSessionLimits('[auth.sessions]\ntimebox = "0"\n')).toEqual({ timeboxMs: null, inactivityMs: null });
    expect(tomlSessionLimits('[auth.hook]\ntimebox = "24h"\n')).toEqual({ timeboxMs: null, inactivityMs: null });
  });

  it('the repo’s config.toml sets none (sessions live until signed out, as hosted by default)', () => {
    expect(tomlSessionLimits(readFileSync('supabase/config.toml', 'utf8'))).toEqual({ timeboxMs: null, inactivityMs: null });
  });
});
