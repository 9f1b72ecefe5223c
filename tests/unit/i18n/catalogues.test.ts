// Every part's catalogue in every language: the same keys as its English one, each message valid
// ICU that compiles, with the same placeholders, and every key named for the part it belongs to
// (keys share one space at run time). A key only English has would show English to everyone else.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@/lib/i18n';
import { compileMessage } from '@lingui/message-utils/compileMessage';

const ROOT = join(import.meta.dirname, '../../../src');

function englishCatalogues(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return englishCatalogues(path);
    return e.name === 'en.json' && dirname(path).endsWith('locales') ? [path] : [];
  });
}

type Node = ReturnType<typeof parse>[number] | { type: 'octothorpe' };
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.type === 'argument' || n.type === 'function') names.add(n.arg);
      if (n.type === 'plural' || n.type === 'select') {
        names.add(n.arg);
        for (const c of n.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
const camel = (folder: string) => folder.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

const files = englishCatalogues(ROOT);

describe('message catalogues', () => {
  it('exist', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const file of files) {
    const where = relative(ROOT, dirname(dirname(file)));
    const en = read(file);
    it(`${where}: keys are named for ${where}`, () => {
      const prefix = `${camel(where.split('/').at(-1) ?? '')}.`;
      expect(Object.keys(en).filter((k) => !k.startsWith(prefix))).toEqual([]);
    });
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${where}: ${language} has every English key and no other, with the same placeholders`, () => {
        const other = read(join(dirname(file), `${language}.json`));
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
        for (const [key, message] of Object.entries(en)) {
          expect(placeholders(other[key] ?? ''), `${language} ${key}`).toEqual(placeholders(message));
          expect(other[key]?.trim(), `${language} ${key} is empty`).not.toBe('');
        }
        for (const message of Object.values(other)) expect(() => compileMessage(message)).not.toThrow();
      });
    }
  }
});
