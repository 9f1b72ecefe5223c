// Auth's mail texts (SPEC §16): each kind's subject and link, the notice with no link, HTML escaped.
import { describe, expect, it } from 'vitest';
import { authLink, authMail } from '../../../supabase/functions/_shared/auth-mail.ts';

describe('auth mails', () => {
  it('link to the app’s pages with the token hash and type', () => {
    expect(authLink('https://day.example/app/', 'recovery', 'ab12')).toBe('https://day.example/app/reset-password?token_hash=ab12&type=recovery');
    expect(authLink('https://day.example', 'signup', 'ab12')).toBe('https://day.example/confirm?token_hash=ab12&type=signup');
    expect(authLink('https://day.example', 'email_change', 'ab12')).toBe('https://day.example/confirm?token_hash=ab12&type=email_change');
  });

  it('say what they are for, in text and HTML', () => {
    const m = authMail({ kind: 'recovery', to: 'a@example.test', siteUrl: 'https://day.example', tokenHash: 'ff00' });
    expect(m.subject).toBe('Reset your Daybook password');
    expect(m.text).toContain('Reset password: https://day.example/reset-password?token_hash=ff00&type=recovery');
    expect(m.html).toContain('href="https://day.example/reset-password?token_hash=ff00&amp;type=recovery"');
    expect(authMail({ kind: 'signup', to: 'a@example.test', siteUrl: 'https://d.example', tokenHash: '1' }).subject).toBe('Confirm your e-mail for Daybook');
  });

  it('the old address’s notice names the new one and carries no link', () => {
    const m = authMail({ kind: 'email_changed', to: 'old@example.test', siteUrl: 'https://d.example', newEmail: '<new>@example.test' });
    expect(m.subject).toBe('Your Daybook e-mail is being changed');
    expect(m.text).toContain('<new>@example.test');
    expect(m.text).not.toContain('token_hash');
    expect(m.html).toContain('&lt;new&gt;@example.test');
  });

  it('speak the person’s language, its base language’s for a regional tag, else English', () => {
    const recovery = (language: string | null) =>
      authMail({ kind: 'recovery', to: 'a@x.test', siteUrl: 'https://d.example', tokenHash: '1', language }).subject;
    expect(recovery('de-AT')).toBe('Setze dein Daybook-Passwort zurück');
    expect(recovery('pt')).toBe('Redefina sua senha do Daybook');
    expect(recovery('nl')).toBe('Reset your Daybook password');
    expect(recovery(null)).toBe('Reset your Daybook password');
  });
});
