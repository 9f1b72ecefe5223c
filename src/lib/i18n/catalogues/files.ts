// A language's chunk, by part: the glob's paths ('/src/features/settings/locales/de.json') named as
// the English catalogues name themselves ("@file": 'features/settings'; scripts/vite-messages.ts).
import type { CompiledMessage } from '../runtime';

export type Translations = Record<string, readonly (CompiledMessage | null)[]>;

export function byPart(files: Record<string, readonly (CompiledMessage | null)[]>): Translations {
  const out: Translations = {};
  for (const [path, messages] of Object.entries(files)) out[path.replace(/^\/src\//, '').replace(/\/locales\/[^/]+$/, '')] = messages;
  return out;
}
