// The hosted Auth templates scripts/auth-mail-templates.ts prints from the stand-in's mail texts:
// each language's words under a branch on the sign-up's language, English as the fallback, links
// made of the template's variables.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const print = (kind: string) =>
  execFileSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/auth-mail-templates.ts', kind], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });

describe('hosted auth mail templates', () => {
  it.each(['signup', 'recovery', 'email_change'])('%s: a branch a language, English last, the app’s link in each', (kind) => {
    const t = print(kind);
    expect(t.match(/\{\{ (?:if|else if) eq \(printf "%v" \.Data\.language\) "[a-zA-Z-]+" \}\}/g)).toHaveLength(5);
    expect(t.indexOf('{{ else }}')).toBeGreaterThan(t.lastIndexOf('else if'));
    expect(t.trimEnd().endsWith('{{ end }}\n</body></html>')).toBe(true);
    const page = kind === 'recovery' ? 'reset-password' : 'confirm';
    expect(t.split(`href="{{ .SiteURL }}/${page}?token_hash={{ .TokenHash }}&amp;type=${kind}"`)).toHaveLength(7);
    expect(t).not.toContain('site.invalid');
  }, 30_000);

  it('keeps the English words the stand-in sends, and prints each language’s subject', () => {
    const t = print('recovery');
    expect(t).toContain('If you didn&#39;t ask, you can ignore this mail: your password stays as it is.');
    expect(t).toContain('"fr":"Réinitialisez votre mot de passe Daybook"');
  }, 30_000);

  it('refuses a kind it has no template for', () => {
    expect(() => print('email_changed')).toThrow(/usage/);
  }, 30_000);
});
