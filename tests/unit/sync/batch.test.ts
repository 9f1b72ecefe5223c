import { describe, expect, it } from 'vitest';
import type { Mutation } from '@/domain/model';
import { jsonBytes, MAX_BATCH_BYTES, MAX_BATCH_CHANGES, takeBatch } from '@/sync/batch';

const task = (id: number, notes = ''): Mutation => ({
  id,
  name: 'task.create',
  args: { id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, list_id: 'l', title: `t${id}`, notes, position: 'a0' },
});
const queue = (n: number, notes = '') => Array.from({ length: n }, (_, i) => task(i + 1, notes));
const bodyBytes = (batch: Mutation[]) => jsonBytes({ p_client_id: '00000000-0000-4000-8000-000000000000', p_mutations: batch });

describe('takeBatch', () => {
  const big = 'x'.repeat(10_000); // the longest notes a task may have
  // `cut` says which limit ends the batch: the longest prefix within both limits is taken.
  const cases: {
    name: string;
    queue: Mutation[];
    limits?: { maxChanges?: number; maxBytes?: number };
    cut: 'none' | 'changes' | 'bytes' | 'single';
    size?: number;
  }[] = [
    { name: 'an empty queue gives an empty batch', queue: [], cut: 'none', size: 0 },
    { name: 'a short queue goes whole', queue: queue(3), cut: 'none', size: 3 },
    { name: 'at most 200 changes', queue: queue(450), cut: 'changes', size: MAX_BATCH_CHANGES },
    { name: 'exactly 200 goes whole', queue: queue(200), cut: 'none', size: 200 },
    { name: 'a smaller change limit (after a 413)', queue: queue(50), limits: { maxChanges: 25 }, cut: 'changes', size: 25 },
    { name: 'a change limit below 1 still sends one', queue: queue(5), limits: { maxChanges: 0 }, cut: 'changes', size: 1 },
    { name: '200 changes with maximal notes are cut at 1 MiB', queue: queue(200, big), cut: 'bytes' },
    { name: 'a small byte limit cuts before the change that would pass it', queue: queue(10, 'y'.repeat(100)), limits: { maxBytes: 700 }, cut: 'bytes' },
    { name: 'one change over the byte limit still goes alone', queue: queue(3, 'z'.repeat(2000)), limits: { maxBytes: 1000 }, cut: 'single', size: 1 },
  ];
  it.each(cases)('$name', ({ queue: q, limits, cut, size }) => {
    const maxBytes = limits?.maxBytes ?? MAX_BATCH_BYTES;
    const batch = takeBatch(q, limits);
    expect(batch).toEqual(q.slice(0, batch.length)); // a prefix, in queue order
    if (size !== undefined) expect(batch).toHaveLength(size);
    if (cut === 'bytes') {
      expect(batch.length).toBeGreaterThan(1);
      expect(bodyBytes(batch)).toBeLessThanOrEqual(maxBytes);
      expect(bodyBytes(q.slice(0, batch.length + 1))).toBeGreaterThan(maxBytes);
    } else if (cut !== 'single') {
      expect(bodyBytes(batch)).toBeLessThanOrEqual(maxBytes);
    }
  });

  it('counts UTF-8 bytes, not UTF-16 code units', () => {
    const emoji = queue(300, '🙂'.repeat(2500)); // 10,000 bytes of notes each, 5,000 code units
    const batch = takeBatch(emoji);
    expect(bodyBytes(batch)).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(bodyBytes(emoji.slice(0, batch.length + 1))).toBeGreaterThan(MAX_BATCH_BYTES);
  });
});
