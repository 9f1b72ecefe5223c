// Every catalogue of this language in the app, in one chunk: loaded before the first screen when
// it is the person's language, and precached by the service worker for offline starts.
import type { Messages } from '../runtime';

const files = import.meta.glob<Messages>('/src/**/locales/ja.json', { eager: true, import: 'default' });
export default Object.assign({}, ...Object.values(files)) as Messages;
