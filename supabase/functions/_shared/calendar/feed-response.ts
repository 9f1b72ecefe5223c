// One HTTP answer to GET …/calendar/<token>.ics (SPEC §19), for the stand-in (server/index.ts) and
// the calendar-feed Edge Function alike: the token's SHA-256 goes to public.calendar_feed (the
// database checks revocation, counts the request and reads what the feed's owner can see now),
// and its answer becomes the response — iCalendar with an ETag, 304 when If-None-Match names the
// current one, 429 with Retry-After past 60 requests an hour, 404 (never cached) otherwise.
import { calendarWords } from './calendar-words.ts';
import { type FeedTask, writeCalendar } from './ical-writer.ts';

/** What public.calendar_feed answers. */
export type FeedAnswer =
  | { status: 'not_found' }
  | { status: 'rate_limited'; retry_after: number }
  | { status: 'not_modified'; etag: string }
  | {
      status: 'ok';
      etag: string;
      feed: { id: string; name: string; kind: string; options: { time_zone?: string; language?: string } };
      events: FeedTask[];
    };

/** Calls public.calendar_feed(p_token_hash, p_etag). */
export type FeedQuery = (tokenHash: string, etag: string | null) => Promise<FeedAnswer>;

export interface FeedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The writer's output changes with its code, not only with the data: the ETag carries this too,
 * so a deploy that writes differently is not answered 304 from an older copy.
 */
export const FEED_FORMAT = 'f2';

const TOKEN = /\/calendar\/([A-Za-z0-9_-]{43,128})\.ics$/;

/** The token in a path ending `/calendar/<token>.ics`, or null. */
export function feedToken(path: string): string | null {
  return TOKEN.exec(path)?.[1] ?? null;
}

/** The hex SHA-256 of the token's UTF-8 bytes, as the device that made it computed it. */
export async function tokenHash(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The database's part of an If-None-Match this writer made ("<etag>-f2", weak or not, in a list). */
export function etagAsked(ifNoneMatch: string | null): string | null {
  for (const part of (ifNoneMatch ?? '').split(',')) {
    const m = /^\s*(?:W\/)?"([0-9a-f]{32})-([a-z0-9]+)"\s*$/.exec(part);
    if (m && m[2] === FEED_FORMAT) return m[1]!;
  }
  return null;
}

const NOT_FOUND: FeedResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  body: 'No such calendar feed\n',
};

export interface FeedRequest {
  method: string;
  path: string;
  ifNoneMatch: string | null;
  /** Where the app is, for each event's link back to its task. */
  origin: string;
  query: FeedQuery;
  now?: number;
}

export async function answerFeed(req: FeedRequest): Promise<FeedResponse> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return { status: 405, headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Method not allowed\n' };
  }
  const token = feedToken(req.path);
  if (!token) return NOT_FOUND;
  const answer = await req.query(await tokenHash(token), etagAsked(req.ifNoneMatch));
  switch (answer.status) {
    case 'not_found':
      return NOT_FOUND;
    case 'rate_limited':
      return {
        status: 429,
        headers: { 'Retry-After': String(answer.retry_after), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
        body: 'Too many requests for this feed: at most 60 an hour\n',
      };
    case 'not_modified':
      return { status: 304, headers: { ETag: `"${answer.etag}-${FEED_FORMAT}"`, 'Cache-Control': 'no-cache' }, body: '' };
    case 'ok': {
      const options = answer.feed.options ?? {};
      const body = writeCalendar(answer.events, {
        name: answer.feed.name,
        timeZone: options.time_zone ?? null,
        origin: req.origin,
        words: calendarWords(options.language),
        now: req.now ?? Date.now(),
      });
      return {
        status: 200,
        headers: {
          'Content-Type': 'text/calendar; charset=utf-8',
          ETag: `"${answer.etag}-${FEED_FORMAT}"`,
          'Cache-Control': 'no-cache',
          'Content-Disposition': 'inline; filename="daybook.ics"',
        },
        body: req.method === 'HEAD' ? '' : body,
      };
    }
  }
}
