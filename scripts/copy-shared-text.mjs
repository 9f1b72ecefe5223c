// Copies the text both the device and the server produce (a reminder's notification, and the
// dates it says) into supabase/functions/_shared/, so that a deployed Edge Function needs nothing
// outside supabase/functions/ (the deploy bundler resolves only there). src/ stays the one source:
// edit it, then run `node scripts/copy-shared-text.mjs`. With --check it writes nothing and fails
// while a copy differs (tests/unit/edge-functions/shared-text.test.ts runs that).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Each copy: where it comes from, where it goes, and the imports that change on the way. */
export const SHARED_TEXT = [
  { from: 'src/lib/dates.ts', to: 'supabase/functions/_shared/dates.ts', imports: {} },
  {
    from: 'src/domain/reminders/notification.ts',
    to: 'supabase/functions/_shared/reminder-notification.ts',
    imports: { "'../../lib/dates.ts'": "'./dates.ts'" },
  },
];

/** The copy's text for a source's: a header naming the source, then the source, its imports re-pointed. */
export function copyText(source, { from, imports }) {
  let text = source;
  for (const [was, now] of Object.entries(imports)) {
    if (!text.includes(was)) throw new Error(`${from} no longer imports ${was}: update scripts/copy-shared-text.mjs`);
    text = text.replaceAll(was, now);
  }
  return `// A copy of ${from}, made by scripts/copy-shared-text.mjs: edit the source, then run it.\n${text}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const entry of SHARED_TEXT) {
    const text = copyText(readFileSync(`${root}${entry.from}`, 'utf8'), entry);
    if (!check) {
      writeFileSync(`${root}${entry.to}`, text);
      console.log(`${entry.from} → ${entry.to}`);
    } else if (!existsSync(`${root}${entry.to}`) || readFileSync(`${root}${entry.to}`, 'utf8') !== text) {
      console.error(`${entry.to} is not a copy of ${entry.from}: run node scripts/copy-shared-text.mjs`);
      stale++;
    }
  }
  if (stale) process.exit(1);
}
