// People as the app shows them (SPEC §16): a display name (chosen, else the part of the e-mail
// before @) and an avatar colour (chosen, else one fixed by the person's id), with the initials of
// the name's first two words. The server derives the same for member rows and previews
// (supabase/schemas/profiles.sql: person_name, default_person_color); a device derives them only
// for rows that do not carry them yet and for its own person's edits. A profile's checks
// (./people-checks.ts) and quick add's name keys (./people-keys.ts) live apart: the first screen
// shows names and avatars only.
import type { Language } from '@/lib/i18n/languages';
import { trimText } from '@/lib/text';
import { LIST_COLORS, type ListColor } from './model';

export { LANGUAGES, type Language } from '@/lib/i18n/languages';

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
