// Every catalogue of this language in the app, in one chunk: loaded before the first screen when
// it is the person's language, and precached by the service worker for offline starts.
import type { CompiledMessage } from '../runtime';
import { byPart } from './files';

export default byPart(import.meta.glob<readonly (CompiledMessage | null)[]>('/src/**/locales/ja.json', { eager: true, import: 'default' }));
