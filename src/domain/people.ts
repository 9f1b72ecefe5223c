// People as the app shows them (SPEC §16): a display name (chosen, else the part of the e-mail
// before @) and an avatar colour (chosen, else one fixed by the person's id), with the initials of
// the name's first two words. The server derives the same for member rows and previews
// (supabase/schemas/profiles.sql: person_name, default_person_color); a device derives them only
// for rows that do not carry them yet and for its own person's edits.
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';
import { LIST_COLORS, type ListColor } from './model';

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

/** 0 = Sunday … 6 = Saturday; null = the locale's. */
export type WeekStart = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A person's own settings that follow them (null = not chosen). */
export interface Profile {
  display_name: string | null;
  color: ListColor | null;
  language: Language | null;
  week_start: WeekStart | null;
}

export type ProfilePatch = Partial<Profile>;

export const EMPTY_PROFILE: Profile = { display_name: null, color: null, language: null, week_start: null };

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

/** The part of an e-mail before @: the name of a person who has not chosen one. */
export function emailName(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/** The colour of a person who has not chosen one, from 28 bits of their id (as the server picks it). */
export function defaultPersonColor(userId: string): ListColor {
  const bits = Number.parseInt(userId.replace(/-/g, '').slice(0, 7), 16);
  return LIST_COLORS[Number.isNaN(bits) ? 0 : bits % LIST_COLORS.length] ?? 'grey';
}

/** Anyone the app shows: a member row, or the person themselves. */
export interface PersonLike {
  user_id: string;
  email?: string;
  display_name?: string | null;
  color?: ListColor | null;
}

export function personName(p: PersonLike): string {
  return p.display_name || emailName(p.email ?? '') || '?';
}

export function personColor(p: PersonLike): ListColor {
  return p.color ?? defaultPersonColor(p.user_id);
}

/** The first letters of the name's first two words ("Ana María" → "AM", "bob-57" → "B"). */
export function initialsOf(name: string): string {
  const words = trimText(name).split(/\s+/u).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

/** For matching names as people type them: lower case, accents dropped ("José" ≈ "jose"). */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first word of a name, folded: what "+<first name>" in quick add matches. */
export function firstNameKey(name: string): string {
  return foldName(trimText(name).split(/\s+/u)[0] ?? '');
}

/**
 * What "+…" in quick add may match of a person, folded: their whole name, its first word, and the
 * part of their e-mail before @ (how they were named before names).
 */
export function personKeys(name: string, email = ''): string[] {
  const keys = [foldName(trimText(name)), firstNameKey(name), foldName(emailName(email))];
  return [...new Set(keys.filter(Boolean))];
}
