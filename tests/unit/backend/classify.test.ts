import { describe, expect, it } from 'vitest';
import { classify } from '@/backend';

describe('classifying an RPC answer (SPEC §7)', () => {
  const err = (message: string) => ({ message });
  it.each([
    { name: '200 is ok', answer: { status: 200, data: { x: 1 }, error: null }, outcome: { kind: 'ok', value: { x: 1 } } },
    { name: '204 is ok', answer: { status: 204, data: null, error: null }, outcome: { kind: 'ok', value: null } },
    { name: 'no response at all is the network', answer: { status: 0, data: null, error: err('TypeError: fetch failed') }, outcome: { kind: 'retry', reason: 'network' } },
    { name: 'our 15 s deadline is a timeout', answer: { status: 0, data: null, error: err('TimeoutError: Request timed out after 15 s') }, outcome: { kind: 'retry', reason: 'timeout' } },
    { name: '408 retries', answer: { status: 408, data: null, error: err('Request Timeout') }, outcome: { kind: 'retry', reason: 'server', status: 408 } },
    { name: '429 retries', answer: { status: 429, data: null, error: err('Too Many Requests') }, outcome: { kind: 'retry', reason: 'server', status: 429 } },
    { name: '500 retries (a transient push abort)', answer: { status: 500, data: null, error: err('deadlock detected') }, outcome: { kind: 'retry', reason: 'server', status: 500 } },
    { name: '503 retries', answer: { status: 503, data: null, error: err('unavailable') }, outcome: { kind: 'retry', reason: 'server', status: 503 } },
    { name: '413 is too large', answer: { status: 413, data: null, error: err('Request body is larger than 1 MiB') }, outcome: { kind: 'too_large' } },
    { name: '400 refuses the whole request', answer: { status: 400, data: null, error: err('At most 200 mutations per push') }, outcome: { kind: 'refused', status: 400 } },
    { name: '403 refuses the whole request', answer: { status: 403, data: null, error: err('This client id belongs to another user') }, outcome: { kind: 'refused', status: 403 } },
    { name: '404 refuses the whole request', answer: { status: 404, data: null, error: err('Could not find the function') }, outcome: { kind: 'refused', status: 404 } },
    { name: '409 refuses the whole request', answer: { status: 409, data: null, error: err('conflict') }, outcome: { kind: 'refused', status: 409 } },
  ])('$name', ({ answer, outcome }) => {
    expect(classify(answer)).toMatchObject(outcome);
  });

  it('401 is left to the caller, which refreshes the session once and retries', () => {
    expect(classify({ status: 401, data: null, error: err('JWT expired') })).toBeNull();
  });
});
