// What every user edit ends with: apply the mutation through its one pure implementation and,
// when it applied, queue it — in the caller's write transaction. A refusal (what the server
// would refuse) becomes a ValidationError with the message the form shows; nothing is written.
import { ValidationError } from '@/lib/errors';
import { nowIso } from '@/lib/ids';
import type { MutationArgs, MutationName } from '@/domain/model';
import type { DaybookDb } from '../db/schema';
import { type Identity, knownIdentity, readIdentity } from '../db/identity';
import type { Changes, Rows } from '../mutations';
import { loadMutationCore, type MutationCore, mutationCore } from './core-loader';
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

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown }).then === 'function';

/**
 * `loaded`: the rows the mutation reads, when the caller has them or asked for them beside its own
 * reads (see `tasks.create`); read here otherwise. The row writes and the outbox entry are asked for
 * at once — in the caller's turn when the rows, the identity and the mutation core are all at hand.
 */
export function commit<N extends MutationName>(
  db: DaybookDb,
  enqueue: Enqueue,
  name: N,
  args: MutationArgs[N],
  loaded?: Rows | Promise<Rows>,
): Promise<Changes> {
  const identity = knownIdentity(db);
  const core = mutationCore();
  if (identity && core && loaded && !isPromise(loaded)) return commitNow(db, enqueue, core, identity.userId, name, args, loaded);
  return commitRead(db, enqueue, name, args, loaded);
}

async function commitNow<N extends MutationName>(db: DaybookDb, enqueue: Enqueue, core: MutationCore, userId: string, name: N, args: MutationArgs[N], rows: Rows): Promise<Changes> {
  const outcome = core.applyMutation(rows, { name, args } as never, { userId, now: nowIso() });
  if (!outcome.ok) throw new ValidationError(outcome.error.field ?? 'id', outcome.error.message);
  await Promise.all([core.writeChanges(db, outcome.changes, rows), enqueue(name, args)]);
  return outcome.changes;
}

async function commitRead<N extends MutationName>(db: DaybookDb, enqueue: Enqueue, name: N, args: MutationArgs[N], loaded?: Rows | Promise<Rows>): Promise<Changes> {
  const { userId } = await requireIdentity(db);
  const core = await loadMutationCore();
  const rows = await (loaded ?? core.loadRows(db, core.readsOf({ name, args } as never), userId));
  return commitNow(db, enqueue, core, userId, name, args, rows);
}
