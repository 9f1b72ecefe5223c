// An add never replaces a row: when its key is taken it fails, and its transaction with it. Dexie's
// observation does not use that. For a write whose old rows were not read into the transaction's
// cache, it marks every written key as possibly deleted, and a live count on an index listens to
// every such key, so each quick add would re-run every list's open count. This layer tells
// Dexie that an add's old rows are "none". It shows Dexie that cache only while the call below it runs
// synchronously (Dexie's observation reads it then), so later reads in the transaction never see it.
import type { DBCore, DBCoreMutateRequest, DBCoreTable, Middleware } from 'dexie';

interface TransactionCache {
  _cache?: { keys: unknown[]; values: unknown[] } | null;
}

export const addObservationMiddleware: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'DaybookAddObservation',
  // Above Dexie's observation (0) and virtual indexes (1), below its hooks (2): Daybook registers
  // no hooks, so nothing between here and the observation waits.
  level: 1.5,
  create(down: DBCore): Partial<DBCore> {
    return {
      table(name: string): DBCoreTable {
        const table = down.table(name);
        const { primaryKey } = table.schema;
        if (primaryKey.outbound || primaryKey.autoIncrement) return table;
        return {
          ...table,
          mutate(req: DBCoreMutateRequest) {
            if (req.type !== 'add') return table.mutate(req);
            const trans = req.trans as unknown as TransactionCache;
            const before = trans._cache;
            const keys = req.values.map((row) => primaryKey.extractKey!(row));
            trans._cache = { keys, values: keys.map(() => undefined) };
            try {
              return table.mutate(req);
            } finally {
              trans._cache = before;
            }
          },
        };
      },
    };
  },
};
