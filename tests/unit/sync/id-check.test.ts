// The sync layer's side of an import's id check (SPEC §15): the server is asked in calls of at
// most ID_CHECK_LIMIT ids, and any answer but a plain list means "can't say" (null), which makes
// the import give every record a new id.
import { describe, expect, it } from 'vitest';
import { serverIdCheck } from '@/sync';
import { ID_CHECK_LIMIT, type TransportOutcome } from '@/sync/ports';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

describe('serverIdCheck', () => {
  it('asks in calls of at most the limit, once per id, and gathers the taken ones', async () => {
    const calls: number[] = [];
    const check = serverIdCheck({
      idsInUse: async (asked) => {
        calls.push(asked.length);
        return { kind: 'ok', value: asked.filter((id) => id.endsWith('7')).map((id) => id.toUpperCase()) };
      },
    });
    const all = ids(ID_CHECK_LIMIT * 2 + 3);
    const taken = await check([...all, ...all.slice(0, 10)]);
    expect(calls).toEqual([ID_CHECK_LIMIT, ID_CHECK_LIMIT, 3]);
    expect(taken).toEqual(new Set(all.filter((id) => id.endsWith('7'))));
  });

  it.each<[string, () => Promise<TransportOutcome<string[]>>]>([
    ['offline', async () => ({ kind: 'retry', reason: 'network', status: 0, message: 'offline' })],
    ['refused', async () => ({ kind: 'refused', status: 400, message: 'too_large' })],
    ['expired', async () => ({ kind: 'unauthorized', message: 'expired' })],
    ['thrown', async () => Promise.reject(new Error('boom'))],
    ['not a list', async () => ({ kind: 'ok', value: 'nope' as unknown as string[] })],
  ])('answers null when the server can’t say (%s)', async (_label, idsInUse) => {
    expect(await serverIdCheck({ idsInUse })(ids(3))).toBeNull();
  });

  it('answers null for a transport that can’t ask', async () => {
    expect(await serverIdCheck({})(ids(1))).toBeNull();
  });
});
