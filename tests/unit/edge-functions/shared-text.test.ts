// The text both the device and the server produce (a reminder's notification, and the dates it
// says) has one source, in src/; the Edge Functions carry copies in supabase/functions/_shared/
// (they may need nothing outside supabase/functions/). scripts/copy-shared-text.mjs makes them;
// its --check fails while a copy differs from what it would make of its source.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const check = () => execFileSync(process.execPath, ['scripts/copy-shared-text.mjs', '--check'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });

describe('shared text copied into supabase/functions/_shared', () => {
  it('each copy is its source, as the script copies it', () => {
    expect(check).not.toThrow();
  });

  it('the copies are the source text with only their imports re-pointed, and reach nothing outside the folder', () => {
    const source = readFileSync(join(ROOT, 'src/domain/reminders/notification.ts'), 'utf8');
    const copy = readFileSync(join(ROOT, 'supabase/functions/_shared/reminder-notification.ts'), 'utf8');
    expect(copy.split('\n').slice(1).join('\n')).toBe(source.replace("'../../lib/dates.ts'", "'./dates.ts'"));
    expect(readFileSync(join(ROOT, 'supabase/functions/_shared/dates.ts'), 'utf8').split('\n').slice(1).join('\n')).toBe(readFileSync(join(ROOT, 'src/lib/dates.ts'), 'utf8'));
    for (const text of [copy, readFileSync(join(ROOT, 'supabase/functions/_shared/push-payload.ts'), 'utf8')]) expect(text).not.toMatch(/from '\.\.\/\.\.\//);
  });
});
