// Message catalogues (`locales/<language>.json` beside the code that speaks them, ICU
// MessageFormat) are compiled here, at build time, by Lingui's compiler: the app then ships
// only a small reader of the compiled form (src/lib/i18n/runtime.ts), never a message parser.
//
// English keeps its keys and says which part it belongs to ("@file": the folder holding
// `locales`, from src/). Another language is only its messages, in the order of the English
// file beside it (null where one is missing): keys were half of a language's bytes, and the
// English registered by the code that speaks it already knows them (src/lib/i18n/catalogue.ts).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

export const CATALOGUE_FILE = /[\\/]locales[\\/]([A-Za-z-]+)\.json$/;

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) out[key] = compileMessage(message);
  return out;
}

/** The part a catalogue belongs to: its `locales` folder's parent, from src/ ("features/settings"). */
export function catalogueFile(path: string, srcRoot: string): string {
  return relative(srcRoot, dirname(dirname(path))).split('\\').join('/');
}

export function messagesPlugin(): Plugin {
  let srcRoot = resolve('src');
  return {
    name: 'daybook-messages',
    enforce: 'pre',
    configResolved(config) {
      srcRoot = resolve(config.root, 'src');
    },
    transform(code, id) {
      const path = id.split('?')[0] ?? '';
      const language = CATALOGUE_FILE.exec(path)?.[1];
      if (!language) return null;
      const source = JSON.parse(code) as Record<string, string>;
      // Still JSON: Vite's own JSON step then makes it a module.
      if (language === 'en') {
        return { code: JSON.stringify({ '@file': catalogueFile(path, srcRoot), ...compileCatalogue(source) }), map: null };
      }
      const english = join(dirname(path), 'en.json');
      this.addWatchFile(english);
      const keys = Object.keys(JSON.parse(readFileSync(english, 'utf8')) as Record<string, string>);
      return { code: JSON.stringify(keys.map((key) => (key in source ? compileMessage(source[key] as string) : null))), map: null };
    },
  };
}
