// The outbox ids of one write transaction. The stored counter is read as the transaction starts,
// but waiting for that read before writing costs a round trip to IndexedDB on every user edit.
// A handle knows the counter after its own latest change (its write memory, ../live/cache.ts):
// under that remembered value the entries are written at once, and the read is compared before
// the transaction ends. When the counter moved meanwhile (another tab, a pull, a failed
// transaction), the entries are renumbered from the stored value in the same transaction; so the
// ids stay sequential and unique whichever way it went, as ARCHITECTURE.md "Exactly once" needs.
import Dexie from 'dexie';
import { hasErrorNamed } from '@/lib/errors';
import { nowIso } from '@/lib/ids';
import type { Mutation, OutboxEntry } from '@/domain/model';
import { META } from '../db/identity';
import type { DaybookDb } from '../db/schema';
import { writeMemory } from '../live/cache';
import { nextMutationId } from './outbox';

type Entry = Pick<Mutation, 'name' | 'args'>;

export interface TxCounter {
  /** Appends `entries` to the outbox under the next ids, and moves the counter past them. */
  queue(entries: readonly Entry[]): Promise<void>;
  /** Call last in the transaction: renumbers what `queue` wrote if the remembered counter was wrong. */
  settle(): Promise<void>;
}

/** Whether each row was added: false where a remembered id was found taken (settle() renumbers). */
function added(rows: readonly OutboxEntry[], err: unknown): boolean[] {
  if (!(err instanceof Dexie.BulkError)) throw err;
  const failed = err.failuresByPos as Record<number, unknown>;
  for (const failure of Object.values(failed)) if (!hasErrorNamed(failure, 'ConstraintError')) throw err;
  return rows.map((_, i) => !(i in failed));
}

/** Call at the start of a read-write transaction over `outbox` and `meta`. */
export function txCounter(db: DaybookDb): TxCounter {
  const memory = writeMemory(db);
  const generation = memory?.generation;
  const remembered = memory?.nextMutationId;
  // A Dexie promise: made now and awaited later, a native one would lose the transaction's zone
  const stored = nextMutationId(db);
  stored.catch(() => {}); // a body that refuses before queueing never awaits it
  /** What was written under remembered ids, a batch per queue call, with whether each row was added. */
  const written: { rows: OutboxEntry[]; added: Promise<boolean[]> }[] = [];
  const remember = (value: number) => {
    if (memory && memory.generation === generation) memory.nextMutationId = value;
  };
  /** Writes `entries` as ids `first`, … and the counter past them; `tracked`: under remembered ids. */
  const writeFrom = (first: number, entries: readonly Entry[], tracked: boolean) => {
    const created_at = nowIso();
    const rows = entries.map((e, i) => ({ id: first + i, name: e.name, args: e.args, created_at }) as OutboxEntry);
    let adds: Promise<unknown> = db.outbox.bulkAdd(rows);
    if (tracked) {
      // an id found taken is not yet an error: settle() renumbers
      const each = adds.then(
        () => rows.map(() => true),
        (err: unknown) => added(rows, err),
      );
      written.push({ rows, added: each });
      adds = each;
    }
    return Dexie.Promise.all([db.meta.put({ key: META.nextMutationId, value: first + entries.length }), adds]).then(() => {});
  };
  // From the stored counter: each queue waits for the one before it to have its ids.
  let next: Promise<number> = stored;
  const queueRead = async (entries: readonly Entry[]) => {
    const mine = next;
    next = mine.then((id) => id + entries.length);
    next.catch(() => {});
    const first = await mine;
    remember(first + entries.length); // a write started meanwhile on this handle takes the ids after these
    await writeFrom(first, entries, false);
  };
  // From the remembered counter: numbered now, so the writes are asked for in the same turn.
  let nextRemembered = remembered ?? 0;
  const queueRemembered = (entries: readonly Entry[]) => {
    const first = nextRemembered;
    nextRemembered += entries.length;
    remember(nextRemembered);
    return writeFrom(first, entries, true);
  };
  return {
    queue(entries) {
      if (entries.length === 0) return Dexie.Promise.resolve();
      return remembered === undefined ? queueRead(entries) : queueRemembered(entries);
    },
    // Dexie promises throughout: a native await after the body's own can resume outside the
    // transaction's zone, and the renumbering's writes would then not be in it.
    settle() {
      if (remembered === undefined || written.length === 0) return Dexie.Promise.resolve();
      return Dexie.Promise.all([stored, Dexie.Promise.all(written.map((w) => w.added))]).then(([from, batches]) => {
        const each = batches.flat();
        if (from === remembered && each.every(Boolean)) return;
        const mine = written.flatMap((w) => w.rows);
        const rows = mine.map((row, i) => ({ ...row, id: from + i }));
        return db.outbox
          .bulkDelete(mine.filter((_, i) => each[i]).map((row) => row.id))
          .then(() => Dexie.Promise.all([db.outbox.bulkAdd(rows), db.meta.put({ key: META.nextMutationId, value: from + rows.length })]))
          .then(() => remember(from + rows.length));
      });
    },
  };
}
