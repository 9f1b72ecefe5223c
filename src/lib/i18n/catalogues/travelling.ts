// The English of the messages that travel as text (errors thrown far from a screen, refusals the
// server wrote, reasons the sync centre keeps), in one chunk: localizeMessage finds a message's
// key by its English. Loaded with any other language (an English reader never needs it), and
// precached with the rest for offline starts.
import type { Messages } from '@lingui/core';

const files = import.meta.glob<Messages>(
  ['/src/lib/locales/en.json', '/src/domain/locales/en.json', '/src/data/locales/en.json', '/src/data/mutations/locales/en.json', '/src/sync/locales/en.json', '/src/backend/locales/en.json'],
  { eager: true, import: 'default' },
);
export default Object.assign({}, ...Object.values(files)) as Messages;
