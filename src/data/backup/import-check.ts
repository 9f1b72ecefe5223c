// What makes a whole backup file unimportable (SPEC §12): a row that could be stored here but
// never synced — an id that is not a UUID, text with a control character or a lone surrogate.
// One such row refuses the file before anything is written, naming the row; ordinary validation
// (an empty title, a date out of range) still skips just that record (SPEC §5, backup.ts).
import { ValidationError } from '@/lib/errors';
import { isUuid } from '@/lib/ids';
import { isObject } from '@/lib/is-object';
import { hasForbiddenCharacter } from '@/lib/text';

const TEXT_FIELDS = {
  list: [['name', 'a name', false]],
  task: [
    ['title', 'a title', false],
    ['notes', 'notes', true],
  ],
} as const;

function problem(kind: 'list' | 'task', raw: Record<string, unknown>): string | null {
  for (const key of kind === 'task' ? ['id', 'list_id'] : ['id']) {
    const value = raw[key];
    if (value !== undefined && value !== null && (typeof value !== 'string' || !isUuid(value))) {
      return key === 'id' ? 'has an id that isn’t a UUID' : 'names a list whose id isn’t a UUID';
    }
  }
  for (const [key, word, multiline] of TEXT_FIELDS[kind]) {
    const value = raw[key];
    if (typeof value === 'string' && hasForbiddenCharacter(value, multiline)) return `has ${word} with a character that can’t be saved`;
  }
  return null;
}

/** Throws ValidationError('file', …) naming the first row that could never sync; writes nothing. */
export function assertImportable(lists: unknown[], tasks: unknown[]): void {
  for (const [kind, rows] of [['list', lists], ['task', tasks]] as const) {
    for (const [index, raw] of rows.entries()) {
      const why = isObject(raw) ? problem(kind, raw) : null;
      if (why) {
        const name = kind === 'list' ? raw && (raw as { name?: unknown }).name : raw && (raw as { title?: unknown }).title;
        const label = typeof name === 'string' && name.trim() && !hasForbiddenCharacter(name, false) ? ` (“${name.trim().slice(0, 40)}”)` : '';
        throw new ValidationError('file', `Nothing was imported: ${kind} ${index + 1}${label} ${why}`);
      }
    }
  }
}
