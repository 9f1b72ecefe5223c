// Cutting the outbox into push requests the server accepts: at most the run's size in changes
// (adaptive.ts; 200 normally, SPEC §9) and at most 1 MiB of request body. Sizes are UTF-8 bytes of the JSON the transport sends.
import type { Mutation } from '@/domain/model';

export const MAX_BATCH_CHANGES = 200;
export const MAX_BATCH_BYTES = 1024 * 1024;
/** `{"p_client_id":"<uuid>","p_mutations":[]}` and some slack. */
const ENVELOPE_BYTES = 128;

const encoder = new TextEncoder();

export function jsonBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

export interface BatchLimits {
  maxChanges?: number;
  maxBytes?: number;
}

/**
 * The longest prefix of `queue` within both limits. A single change bigger than maxBytes is
 * still returned alone: the server answers 413 and the engine refuses it locally, instead of
 * the queue stalling behind it.
 */
export function takeBatch(queue: readonly Mutation[], limits: BatchLimits = {}): Mutation[] {
  const maxChanges = Math.max(1, limits.maxChanges ?? MAX_BATCH_CHANGES);
  const maxBytes = limits.maxBytes ?? MAX_BATCH_BYTES;
  const batch: Mutation[] = [];
  let bytes = ENVELOPE_BYTES;
  for (const m of queue) {
    if (batch.length >= maxChanges) break;
    const size = jsonBytes(m) + (batch.length ? 1 : 0);
    if (batch.length && bytes + size > maxBytes) break;
    batch.push(m);
    bytes += size;
  }
  return batch;
}
