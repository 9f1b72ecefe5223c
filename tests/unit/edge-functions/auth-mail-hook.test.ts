// Which mails one call of Auth's Send Email hook makes (supabase/functions/_shared/auth-mail-hook.ts):
// the stand-in's mail for each action type Daybook causes, to the right address with the right
// token hash, in the language the profile, else the sign-up, else English gives.
import { describe, expect, it } from 'vitest';
import { authMail } from '../../../supabase/functions/_shared/auth-mail';
import { authHookMails, HookError, type SendEmailHookPayload } from '../../../supabase/functions/_shared/auth-mail-hook';

const SITE = 'https://app.daybook.test';
const transport = { send: async () => {} };
const call = (action: string, user: Partial<SendEmailHookPayload['user']> = {}, data: Partial<SendEmailHookPayload['email_data']> = {}): SendEmailHookPayload => ({
  user: { id: 'u1', email: 'ana@example.test', user_metadata: {}, ...user },
  email_data: { token: '1', token_hash: 'hash-a', redirect_to: '', email_action_type: action, site_url: 'https://x.supabase.co/auth/v1', ...data },
});

describe('authHookMails', () => {
  it('makes exactly the stand-in’s mail for a sign-up and a reset', async () => {
    const deps = { siteUrl: SITE, transport };
    expect(await authHookMails(call('signup', { user_metadata: { language: 'ja' } }), deps)).toEqual([
      authMail({ kind: 'signup', to: 'ana@example.test', siteUrl: SITE, tokenHash: 'hash-a', language: 'ja' }),
    ]);
    expect(await authHookMails(call('recovery'), deps)).toEqual([authMail({ kind: 'recovery', to: 'ana@example.test', siteUrl: SITE, tokenHash: 'hash-a', language: 'en' })]);
  });

  it('prefers the profile’s language, and writes the sign-up’s or English when the lookup fails', async () => {
    const subject = async (profileLanguage: () => Promise<string | null>, meta: Record<string, unknown>) =>
      (await authHookMails(call('recovery', { user_metadata: meta }), { siteUrl: SITE, transport, profileLanguage }))[0]!.subject;
    expect(await subject(async () => 'es', { language: 'de' })).toBe(authMail({ kind: 'recovery', to: '', siteUrl: SITE, language: 'es' }).subject);
    expect(await subject(async () => null, { language: 'de' })).toBe('Setze dein Daybook-Passwort zurück');
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(await subject(() => Promise.reject(new Error('down')), { language: 'fr' })).toBe('Réinitialisez votre mot de passe Daybook');
      expect(await subject(() => Promise.reject(new Error('down')), { language: 42 })).toBe('Reset your Daybook password');
    } finally {
      console.error = quiet;
    }
  });

  it('confirms a new address there, and with secure email change also at the current one with the other hash', async () => {
    const deps = { siteUrl: SITE, transport };
    const plain = await authHookMails(call('email_change', { new_email: 'new@example.test' }), deps);
    expect(plain.map((m) => m.to)).toEqual(['new@example.test']);
    expect(plain[0]!.text).toContain(`${SITE}/confirm?token_hash=hash-a&type=email_change`);
    const secure = await authHookMails(call('email_change', { new_email: 'new@example.test' }, { token_hash_new: 'hash-b' }), deps);
    expect(secure.map((m) => m.to)).toEqual(['new@example.test', 'ana@example.test']);
    expect(secure[1]!.text).toContain(`${SITE}/confirm?token_hash=hash-b&type=email_change`);
  });

  it('tells the old address of a change, naming the new one', async () => {
    const [mail] = await authHookMails(call('email_changed_notification', { email: 'new@example.test' }, { old_email: 'old@example.test' }), { siteUrl: SITE, transport });
    expect(mail).toEqual(authMail({ kind: 'email_changed', to: 'old@example.test', siteUrl: SITE, newEmail: 'new@example.test', language: 'en' }));
  });

  it('refuses a mail Daybook does not send, and a change without the new address', async () => {
    for (const action of ['magiclink', 'invite', 'reauthentication']) {
      await expect(authHookMails(call(action), { siteUrl: SITE, transport })).rejects.toEqual(new HookError(400, `Daybook sends no "${action}" mail`));
    }
    await expect(authHookMails(call('email_change'), { siteUrl: SITE, transport })).rejects.toBeInstanceOf(HookError);
  });
});
