import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { isQuotaError, StorageFullError, ValidationError } from '@/lib/errors';

describe('quota detection', () => {
  it('sees the DOMException itself, Dexie’s wrapper, and an AbortError raised at commit', () => {
    const dom = new DOMException('full', 'QuotaExceededError');
    expect(isQuotaError(dom)).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError('full', dom))).toBe(true);
    // A commit that runs out of space aborts the transaction; Dexie reports AbortError with the cause inside.
    expect(isQuotaError(new Dexie.AbortError('aborted', dom))).toBe(true);
  });

  it('ignores everything else', () => {
    expect(isQuotaError(new Dexie.ConstraintError('dup'))).toBe(false);
    expect(isQuotaError(new Error('QuotaExceededError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
  });

  it('carries the user-facing messages', () => {
    expect(new StorageFullError().message).toBe('Storage is full — nothing was saved');
    const v = new ValidationError('title', 'Title is required');
    expect([v.name, v.field, v.message]).toEqual(['ValidationError', 'title', 'Title is required']);
  });
});
