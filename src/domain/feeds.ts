// Calendar feeds (SPEC §19): the rules a feed's fields follow on the device, the same as the
// server's (supabase/schemas/apply_feed.sql), and the address a feed is fetched at.
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';
import type { FeedOptions } from './model';

export const FEED_LIMITS = { perPerson: 10, name: 80 } as const;

export const FEED_MESSAGES = {
  nameRequired: 'Feed name is required',
  nameTooLong: 'Feed name must be at most 80 characters',
  nameCharacter: 'Feed name contains a character that can’t be saved',
  kind: 'A feed is of all tasks, a list, a label or a filter',
  options: 'That calendar feed can’t be saved',
  tooMany: 'You can have at most 10 calendar feeds — revoke one first',
  idTaken: 'That feed id is already in use',
  tokenMissing: 'The feed’s token is missing',
} as const;

export function normalizeFeedName(raw: unknown): string {
  const name = typeof raw === 'string' ? trimText(raw) : '';
  if (!name) throw new ValidationError('name', FEED_MESSAGES.nameRequired);
  if (hasForbiddenCharacter(name, false)) throw new ValidationError('name', FEED_MESSAGES.nameCharacter);
  if (codePoints(name) > FEED_LIMITS.name) throw new ValidationError('name', FEED_MESSAGES.nameTooLong);
  return name;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The options as saved: a time zone and a language, both optional (the server knows the zones). */
export function checkFeedOptions(raw: unknown): FeedOptions {
  const ok =
    isObject(raw) &&
    Object.keys(raw).every((k) => k === 'time_zone' || k === 'language') &&
    (raw.time_zone === undefined || (typeof raw.time_zone === 'string' && /^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(raw.time_zone))) &&
    (raw.language === undefined || (typeof raw.language === 'string' && /^[a-z]{2}(-[A-Z]{2})?$/.test(raw.language)));
  if (!ok) throw new ValidationError('options', FEED_MESSAGES.options);
  if (raw.time_zone !== undefined && !knownZone(raw.time_zone as string)) throw new ValidationError('options', `Unknown time zone ${raw.time_zone}`);
  return raw as FeedOptions;
}

function knownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Where a feed is fetched: `<origin>/calendar/<token>.ics`. */
export function feedAddress(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/calendar/${token}.ics`;
}
