// Supabase Edge Function (Deno): a person's calendar feed (SPEC §19), fetched by calendar apps at
// https://<ref>.supabase.co/functions/v1/calendar-feed/calendar/<token>.ics (supabase/README.md,
// "Calendar feeds"). The same answer as the stand-in's GET /calendar/<token>.ics
// (../_shared/calendar/feed-response.ts): the token's hash goes to public.calendar_feed, which
// checks revocation, counts the request (60 an hour) and reads what the feed's owner can see now.
//
// Deploy with --no-verify-jwt: calendar apps send no Supabase session; the token is the key.
// Secrets: SITE_URL (where the app is served, for each event's link back to its task).
// SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are provided.
import { answerFeed, type FeedAnswer } from '../_shared/calendar/feed-response.ts';
import { requireSecret, serviceRpc } from '../_shared/cron-call.ts';

// The Deno global as far as this file uses it (see send-reminders/index.ts: tsc checks this file
// with Node's types, and the integration test runs it under Node with these stubbed).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

Deno.serve(async (req: Request) => {
  const rpc = serviceRpc(Deno.env);
  try {
    const answer = await answerFeed({
      method: req.method,
      path: new URL(req.url).pathname,
      ifNoneMatch: req.headers.get('if-none-match'),
      origin: requireSecret(Deno.env, 'SITE_URL'),
      query: async (hash, etag) => (await rpc('calendar_feed', { p_token_hash: hash, p_etag: etag })) as FeedAnswer,
    });
    return new Response(answer.status === 304 || req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: answer.headers });
  } catch (err) {
    console.error('calendar-feed failed:', err instanceof Error ? err.message : err);
    return new Response('The feed could not be read; try again later\n', { status: 503, headers: { 'Retry-After': '60', 'Cache-Control': 'no-store' } });
  }
});
