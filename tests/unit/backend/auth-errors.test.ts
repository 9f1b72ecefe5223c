// The sign-in screen's words for GoTrue's throttle answer (SPEC §12): the wait in whole
// minutes, rounded up, at least 1; a 429 that names no wait says "later".
import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeAuthError } from '@/backend/auth';

const throttled = (msg: string) => new AuthApiError(msg, 429, 'over_request_rate_limit');
const after = (seconds: number) => throttled(`Too many sign-in attempts. For security purposes, you can only request this after ${seconds} seconds.`);

describe('describeAuthError: too many attempts', () => {
  it.each([
    [900, 'Too many attempts — try again in 15 minutes'],
    [841, 'Too many attempts — try again in 15 minutes'],
    [61, 'Too many attempts — try again in 2 minutes'],
    [60, 'Too many attempts — try again in 1 minute'],
    [1, 'Too many attempts — try again in 1 minute'],
    [3600, 'Too many attempts — try again in 60 minutes'],
  ])('after %i seconds: "%s", on the form', (seconds, message) => {
    expect(describeAuthError(after(seconds))).toEqual({ ok: false, message });
  });

  it('a 429 without a wait (hosted GoTrue: "Request rate limit reached") says later', () => {
    expect(describeAuthError(throttled('Request rate limit reached'))).toEqual({ ok: false, message: 'Too many attempts — try again later' });
    expect(describeAuthError(new AuthApiError('Too Many Requests', 429, undefined))).toEqual({ ok: false, message: 'Too many attempts — try again later' });
  });
});
