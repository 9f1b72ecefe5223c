// Calendar feeds (SPEC §19) through the stand-in on PGlite and PostgreSQL 15: feed.create goes
// through sync_push like any change, the feed is then fetched at GET /calendar/<token>.ics and
// read with ical.js (a parser Daybook does not write). Revoked → 404; a list the owner left →
// its tasks gone at the next fetch; ETag → 304; the 61st request in an hour → 429.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeed } from '@/domain/model';
import { asUser } from '../../helpers/as-user';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, linkTokenHash, listCreate, newId, newLinkToken, pullAll, pushOk, taskCreate } from '../../helpers/server-sync';

describe.each(SERVER_KINDS)('calendar feeds on %s', (kind) => {
  let srv: TestServer;
  let alice: TestUser;

  const push = (user: TestUser, name: string, args: Record<string, unknown>) => pushOk(user.client, newId(), [{ id: 1, name, args }]);
  const feedsOf = async (user: TestUser): Promise<CalendarFeed[]> => (await pullAll(user.client, newId(), { feeds: 0 })).at(-1)!.feeds ?? [];

  async function feed(user: TestUser, extra: Record<string, unknown> = {}) {
    const token = newLinkToken();
    const id = newId();
    const r = await push(user, 'feed.create', { id, kind: 'all', name: 'Daybook', token_hash: linkTokenHash(token), options: { time_zone: 'Europe/Berlin' }, ...extra });
    return { id, token, result: r.results[0]! };
  }
  const get = (token: string, headers: Record<string, string> = {}) => fetch(`${srv.url}/calendar/${token}.ics`, { headers });
  const events = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));

  beforeAll(async () => {
    srv = await startTestServer(kind);
    alice = await signUpUser(srv);
  });
  afterAll(() => srv?.stop());

  it('a feed made and sent is fetched as iCalendar: dated open tasks, deadlines, alarms, UIDs and links back', async () => {
    const listId = newId();
    const [t1, t2, t3, t4] = [newId(), newId(), newId(), newId()];
    await pushOk(alice.client, newId(), [
      listCreate(1, listId, 'Allotment'),
      taskCreate(2, t1, listId, 'Water the beans, then; the peas', { due_date: '2026-12-03', notes: 'Line one\nline two' }),
      taskCreate(3, t2, listId, 'Dentist', { due_date: '2026-12-04', due_time: '15:30', deadline: '2026-12-10' }),
      taskCreate(4, t3, listId, 'No date at all'),
      taskCreate(5, t4, listId, 'Done already', { due_date: '2026-12-05' }),
      { id: 6, name: 'task.update', args: { id: t4, patch: { done: true } } },
      { id: 7, name: 'reminder.set', args: { task_id: t2, offset_minutes: 15 } },
    ]);
    const { id, token, result } = await feed(alice, { name: 'My tasks' });
    expect(result.status).toBe('applied');
    expect((await feedsOf(alice)).map((f) => [f.id, f.name, f.kind])).toEqual([[id, 'My tasks', 'all']]);

    const res = await get(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}-f2"$/);
    const text = await res.text();
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('My tasks');
    const byUid = new Map(events(text).map((e) => [e.uid, e]));
    expect([...byUid.keys()].sort()).toEqual([`${t1}@daybook`, `${t2}-deadline@daybook`, `${t2}@daybook`].sort());
    const beans = byUid.get(`${t1}@daybook`)!;
    expect(beans.summary).toBe('Water the beans, then; the peas');
    expect(beans.description).toBe('Line one\nline two');
    expect(beans.startDate.isDate).toBe(true);
    expect(beans.startDate.toString()).toBe('2026-12-03');
    expect(beans.endDate.toString()).toBe('2026-12-04');
    expect(beans.component.getFirstPropertyValue('url')).toBe(`${srv.url}/tasks/${t1}`);
    const dentist = byUid.get(`${t2}@daybook`)!;
    // 15:30 in Berlin (UTC+1 in December), 30 minutes
    expect(dentist.startDate.toJSDate().toISOString()).toBe('2026-12-04T14:30:00.000Z');
    expect(dentist.duration.toSeconds()).toBe(1800);
    const alarm = dentist.component.getFirstSubcomponent('valarm')!;
    expect(alarm.getFirstPropertyValue('trigger')!.toString()).toBe('-PT15M');
    expect(byUid.get(`${t2}-deadline@daybook`)!.summary).toBe('Deadline: Dentist');
    expect(byUid.get(`${t2}-deadline@daybook`)!.startDate.toString()).toBe('2026-12-10');
  });

  it('answers 304 to its ETag until something changes, and never from a revoked feed', async () => {
    const listId = newId();
    await pushOk(alice.client, newId(), [listCreate(1, listId, 'Home'), taskCreate(2, newId(), listId, 'Bins', { due_date: '2026-12-01' })]);
    const { id, token } = await feed(alice);
    const first = await get(token);
    const etag = first.headers.get('etag')!;
    expect((await get(token, { 'If-None-Match': etag })).status).toBe(304);
    await pushOk(alice.client, newId(), [taskCreate(1, newId(), listId, 'Recycling', { due_date: '2026-12-02' })]);
    const changed = await get(token, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('SUMMARY:Recycling');
    // the words it adds follow the person's language: choosing one is a change too
    const german = await get(token, { 'If-None-Match': changed.headers.get('etag')! });
    expect(german.status).toBe(304);
    expect((await push(alice, 'profile.update', { language: 'de' })).results[0]!.status).toBe('applied');
    const [row] = await srv.sql.query<{ r: { feed: { options: { language?: string } } } }>(
      'select public.calendar_feed($1, null)::jsonb as r', [(await srv.sql.query<{ h: string }>('select token_hash as h from public.calendar_feeds where id = $1', [id]))[0]!.h],
    );
    expect(row!.r.feed.options.language).toBe('de');
    expect((await get(token, { 'If-None-Match': changed.headers.get('etag')! })).status).toBe(200);

    expect((await push(alice, 'feed.revoke', { id })).results[0]!.status).toBe('applied');
    const gone = await get(token, { 'If-None-Match': changed.headers.get('etag')! });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await get(newLinkToken())).status).toBe(404);
    expect((await feedsOf(alice)).map((f) => f.id)).not.toContain(id);
  });

  it('a list the owner can no longer see is gone at the next fetch; list, label and filter feeds carry only theirs', async () => {
    const bob = await signUpUser(srv);
    const shared = newId();
    const own = newId();
    const [s1, o1, o2] = [newId(), newId(), newId()];
    await pushOk(alice.client, newId(), [listCreate(1, shared, 'Club'), taskCreate(2, s1, shared, 'Club night', { due_date: '2026-12-05' })]);
    await push(alice, 'member.invite', { list_id: shared, email: bob.email, role: 'editor' });
    await acceptInvitations(bob.client, shared);
    const labelId = newId();
    const filterId = newId();
    await pushOk(bob.client, newId(), [
      listCreate(1, own, 'Mine'),
      taskCreate(2, o1, own, 'Urgent thing', { due_date: '2026-12-06', priority: 3 }),
      taskCreate(3, o2, own, 'Labelled thing', { due_date: '2026-12-07' }),
      { id: 4, name: 'label.create', args: { id: labelId, name: 'Garden', color: 'green' } },
      { id: 5, name: 'task_label.add', args: { task_id: o2, label_id: labelId } },
      { id: 6, name: 'filter.create', args: { id: filterId, name: 'Urgent', query: { priority_at_least: 3 } } },
    ]);
    const all = await feed(bob);
    const list = await feed(bob, { kind: 'list', target_id: own });
    const label = await feed(bob, { kind: 'label', target_id: labelId });
    const filter = await feed(bob, { kind: 'filter', target_id: filterId });
    const uids = async (token: string) => events(await (await get(token)).text()).map((e) => e.uid).sort();
    expect(await uids(all.token)).toEqual([`${s1}@daybook`, `${o1}@daybook`, `${o2}@daybook`].sort());
    expect(await uids(list.token)).toEqual([`${o1}@daybook`, `${o2}@daybook`].sort());
    expect(await uids(label.token)).toEqual([`${o2}@daybook`]);
    expect(await uids(filter.token)).toEqual([`${o1}@daybook`]);

    await push(alice, 'member.remove', { list_id: shared, user_id: bob.userId });
    expect(await uids(all.token)).toEqual([`${o1}@daybook`, `${o2}@daybook`].sort());
  });

  it('nobody else reads a feed row, and the raw token is in no row', async () => {
    const bob = await signUpUser(srv);
    const { id, token } = await feed(alice);
    const read = 'select id::text, token_hash from public.calendar_feeds where id = $1';
    expect(await asUser(srv, kind, alice, read, [id])).toEqual([{ id, token_hash: linkTokenHash(token) }]);
    expect(await asUser(srv, kind, bob, read, [id])).toEqual([]);
    expect((await feedsOf(bob)).map((f) => f.id)).not.toContain(id);
    const [found] = await srv.sql.query<{ n: number }>(`select count(*)::int as n from public.calendar_feeds t where t::text like '%' || $1 || '%'`, [token]);
    expect(found?.n).toBe(0);
  });

  it('at most 10 live feeds a person, refused with words; revoking one makes room', async () => {
    const carol = await signUpUser(srv);
    const made = [];
    for (let i = 0; i < 10; i++) made.push(await feed(carol));
    expect(made.every((m) => m.result.status === 'applied')).toBe(true);
    const over = await feed(carol);
    expect(over.result).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'You can have at most 10 calendar feeds — revoke one first' } });
    await push(carol, 'feed.revoke', { id: made[0]!.id });
    expect((await feed(carol)).result.status).toBe('applied');
  });

  it('the 61st request in an hour is 429 with Retry-After', async () => {
    const { token } = await feed(alice);
    for (let i = 0; i < 60; i++) expect((await get(token)).status, `request ${i + 1}`).toBe(200);
    const limited = await get(token);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(3000);
    // an hour later the window starts again
    await srv.sql.query(`update daybook_private.calendar_feed_use set window_start = window_start - interval '1 hour'`);
    expect((await get(token)).status).toBe(200);
  });
});
