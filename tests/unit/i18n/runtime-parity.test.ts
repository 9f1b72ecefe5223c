// The app reads compiled messages with its own small runtime (src/lib/i18n/runtime.ts); this
// holds it to @lingui/core's, the runtime Lingui's compiled form is made for: every message of
// every catalogue in every language, with counts that reach each plural category (0, 1, 2, 5,
// 21, 1000, 1.5) and every case of each select, gives the same text from both.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { i18n as ours } from '@/lib/i18n/runtime';

const ROOT = join(import.meta.dirname, '../../../src');
const COUNTS = [0, 1, 2, 5, 21, 1000, 1.5];

function catalogueFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return catalogueFiles(path);
    return dir.endsWith('locales') && e.name.endsWith('.json') ? [path] : [];
  });
}

type Node = ReturnType<typeof parse>[number] | { type: 'octothorpe' };
/** Each placeholder with the values worth trying: counts for plurals, every case for selects. */
function trials(message: string): Record<string, unknown>[] {
  const choices = new Map<string, unknown[]>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'argument' || n.type === 'function') choices.set(n.arg, choices.get(n.arg) ?? ['Ana', 3]);
      if (n.type === 'plural') {
        choices.set(n.arg, COUNTS);
        for (const c of n.cases) walk(c.tokens);
      }
      if (n.type === 'select') {
        choices.set(n.arg, [...n.cases.map((c) => c.key), 'something-else']);
        for (const c of n.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  const out: Record<string, unknown>[] = [{}];
  // one placeholder varied at a time, the others at their first choice: enough to reach every case
  const base = Object.fromEntries([...choices].map(([k, v]) => [k, v[0]]));
  for (const [name, values] of choices) for (const v of values) out.push({ ...base, [name]: v });
  return out;
}

describe('the app’s message runtime', () => {
  for (const file of catalogueFiles(ROOT)) {
    const locale = basename(file, '.json');
    it(`reads ${file.slice(ROOT.length + 1)} as @lingui/core does`, () => {
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(source).map(([k, m]) => [k, compileMessage(m)]));
      const lingui = setupI18n({ locale, messages: { [locale]: compiled } });
      ours.load(locale, compiled);
      for (const [key, message] of Object.entries(source)) {
        for (const values of trials(message)) expect(ours._(key, values), `${key} ${JSON.stringify(values)}`).toBe(lingui._(key, values));
      }
    });
  }
});
