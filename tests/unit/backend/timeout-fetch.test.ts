import { describe, expect, it } from 'vitest';
import { timeoutFetch } from '@/backend';

/** A fetch that never answers until its signal aborts (a server that hangs). */
const hanging: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));

describe('every request has a deadline', () => {
  it('a request that hangs is aborted with a TimeoutError', async () => {
    const started = Date.now();
    const err = await timeoutFetch(hanging, 50)('http://x/').catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 0.05 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("the caller's own abort still works and is not reported as a timeout", async () => {
    const controller = new AbortController();
    const pending = timeoutFetch(hanging, 10_000)('http://x/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort(new DOMException('stop', 'AbortError'));
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('an answer in time passes through', async () => {
    const res = await timeoutFetch(async () => new Response('ok'), 50)('http://x/');
    expect(await res.text()).toBe('ok');
  });
});
