// A profile change as the person typed it, checked before it is stored (SPEC §16); the server
// refuses the same (supabase/schemas/profiles.sql).
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';
import { LIST_COLORS } from './model';
import { LANGUAGES, type ProfilePatch } from './people';

export const NAME_MAX = 50;

export const PEOPLE_MESSAGES = {
  nameText: 'Name must be text',
  nameCharacter: 'Name contains a character that can’t be saved',
  nameTooLong: 'Name must be at most 50 characters',
  language: 'Language must be one of en, de, es, fr, pt-BR, ja',
  weekStart: 'The week starts on a day from 0 (Sunday) to 6 (Saturday)',
  color: 'Color must be one of grey, red, orange, yellow, green, teal, blue, purple',
} as const;

/** A name as stored: trimmed; '' (or only white space) and null mean "not chosen". */
export function normalizeDisplayName(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') throw new ValidationError('display_name', PEOPLE_MESSAGES.nameText);
  const name = trimText(raw);
  if (!name) return null;
  if (hasForbiddenCharacter(name, false)) throw new ValidationError('display_name', PEOPLE_MESSAGES.nameCharacter);
  if (codePoints(name) > NAME_MAX) throw new ValidationError('display_name', PEOPLE_MESSAGES.nameTooLong);
  return name;
}

export function checkProfilePatch(patch: ProfilePatch): ProfilePatch {
  const out: ProfilePatch = {};
  if ('display_name' in patch) out.display_name = normalizeDisplayName(patch.display_name);
  if ('color' in patch) {
    if (patch.color !== null && !(LIST_COLORS as readonly unknown[]).includes(patch.color)) throw new ValidationError('color', PEOPLE_MESSAGES.color);
    out.color = patch.color ?? null;
  }
  if ('language' in patch) {
    if (patch.language !== null && !(LANGUAGES as readonly unknown[]).includes(patch.language)) throw new ValidationError('language', PEOPLE_MESSAGES.language);
    out.language = patch.language ?? null;
  }
  if ('week_start' in patch) {
    const w = patch.week_start;
    if (w !== null && !(Number.isInteger(w) && (w as number) >= 0 && (w as number) <= 6)) throw new ValidationError('week_start', PEOPLE_MESSAGES.weekStart);
    out.week_start = w ?? null;
  }
  return out;
}
