// The senders' stores read each claim's language after claiming (supabase/schemas/
// server_languages.sql): the Edge Functions' RPC stores and the stand-in's SQL stores alike pass
// the ids as one JSON array, attach what comes back, and go on in English when the lookup fails.
import { describe, expect, it, vi } from 'vitest';
import { rpcMailStore, sqlMailStore } from '../../../supabase/functions/_shared/mail-store.ts';
import { rpcPushStore } from '../../../supabase/functions/_shared/push-store.ts';

const mail = (id: string) => ({ id, to_email: `${id}@x.test`, token: 't', list_name: 'L', invited_by: 'A', role: 'editor', expires_at: '2030-01-01T00:00:00Z', attempts: 1 });
const due = (user: string, task: string) => ({ subscription_id: 's', user_id: user, task_id: task });

describe('language lookups of the senders’ stores', () => {
  it('RPC mail store: one call with every claimed id, each mail gets its language', async () => {
    const calls: [string, Record<string, unknown>][] = [];
    const store = rpcMailStore(async (fn, args) => {
      calls.push([fn, args]);
      return fn === 'mail_claim' ? [mail('a'), mail('b')] : [{ id: 'a', language: 'fr' }];
    });
    expect((await store.claim(20, 120)).map((m) => [m.id, m.language])).toEqual([
      ['a', 'fr'],
      ['b', null],
    ]);
    expect(calls[1]).toEqual(['mail_languages', { p_ids: ['a', 'b'] }]);
  });

  it('RPC push store: each person once; a failed lookup logs and leaves English', async () => {
    const calls: [string, Record<string, unknown>][] = [];
    const store = rpcPushStore(async (fn, args) => {
      calls.push([fn, args]);
      if (fn === 'push_languages') throw new Error('no such function');
      return [due('u1', 't1'), due('u1', 't2'), due('u2', 't3')];
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const rows = await store.claimPage(new Date(0), new Date(1), 10, 60, 'a', 'b');
    expect(rows.map((r) => r.language)).toEqual([null, null, null]);
    expect(calls[1]).toEqual(['push_languages', { p_users: ['u1', 'u2'] }]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('push_languages failed'), 'no such function');
    log.mockRestore();
  });

  it('asks nothing more when nothing was claimed', async () => {
    const query = vi.fn(async () => []);
    expect(await sqlMailStore({ query }).claim(20, 120)).toEqual([]);
    expect(query).toHaveBeenCalledTimes(1);
  });
});
