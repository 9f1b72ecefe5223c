// What every user edit ends with: apply the mutation through its one pure implementation and,
// when it applied, queue it — in the caller's write transaction. A refusal (what the server
// would refuse) becomes a ValidationError with the message the form shows; nothing is written.
import { ValidationError } from '@/lib/errors';
import { nowIso } from '@/lib/ids';
import type { MutationArgs, MutationName } from '@/domain/model';
import type { DaybookDb } from '../db/schema';
import { type Identity, readIdentity } from '../db/identity';
import type { Changes, Rows } from '../mutations';
import { loadMutationCore } from './core-loader';
import type { Enqueue } from './transaction';

export async function requireIdentity(db: DaybookDb): Promise<Identity> {
  const identity = await readIdentity(db);
  if (!identity) throw new Error('Database has no identity yet');
  return identity;
}

/** Throws the refusal `name` with `args` would meet, writing nothing: for edits that change nothing. */
export async function check<N extends MutationName>(db: DaybookDb, name: N, args: MutationArgs[N]): Promise<void> {
  const { userId } = await requireIdentity(db);
  const { applyMutation, loadRows, readsOf } = await loadMutationCore();
  const outcome = applyMutation(await loadRows(db, readsOf({ name, args } as never), userId), { name, args } as never, { userId, now: nowIso() });
  if (!outcome.ok) throw new ValidationError(outcome.error.field ?? 'id', outcome.error.message);
}

/**
 * `loaded`: the rows the mutation reads, when the caller asked for them beside its own reads
 * (see `tasks.create`); read here otherwise. The row writes and the outbox entry are asked for at once.
 */
export async function commit<N extends MutationName>(
  db: DaybookDb,
  enqueue: Enqueue,
  name: N,
  args: MutationArgs[N],
  loaded?: Promise<Rows>,
): Promise<Changes> {
  const { userId } = await requireIdentity(db);
  const { applyMutation, loadRows, readsOf, writeChanges } = await loadMutationCore();
  const rows = await (loaded ?? loadRows(db, readsOf({ name, args } as never), userId));
  const outcome = applyMutation(rows, { name, args } as never, { userId, now: nowIso() });
  if (!outcome.ok) throw new ValidationError(outcome.error.field ?? 'id', outcome.error.message);
  await Promise.all([writeChanges(db, outcome.changes, rows), enqueue(name, args)]);
  return outcome.changes;
}
