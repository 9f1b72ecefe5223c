// Message catalogues (`locales/<language>.json` beside the code that speaks them, ICU
// MessageFormat) are compiled here, at build time, by Lingui's compiler: the app then ships
// only Lingui's small runtime that interpolates the compiled form, never a message parser.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

export const CATALOGUE_FILE = /[\\/]locales[\\/][A-Za-z-]+\.json$/;

export function compileCatalogue(source: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(source)) out[key] = compileMessage(message);
  return out;
}

export function messagesPlugin(): Plugin {
  return {
    name: 'daybook-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split('?')[0] ?? '')) return null;
      // Still JSON: Vite's own JSON step then makes it a module.
      return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Record<string, string>)), map: null };
    },
  };
}
