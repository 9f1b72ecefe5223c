import { describe, expect, it } from 'vitest';

describe('indexeddb shim', () => {
  it('provides indexedDB to the node test environment', () => {
    expect(typeof indexedDB.open).toBe('function');
  });
});
