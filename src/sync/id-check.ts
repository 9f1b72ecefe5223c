// Asking the server which of an import's ids someone already holds (SPEC §15 "Imports never
// vanish"), in calls of at most ID_CHECK_LIMIT ids. Any failure answers null — "can't know" —
// and the import then gives every record a new id, which is always safe.
import { ID_CHECK_LIMIT, type SyncTransport } from './ports';

/** The ids of `ids` someone on the server holds, or null when the server can't say. */
export type IdCheck = (ids: string[]) => Promise<ReadonlySet<string> | null>;

export function serverIdCheck(transport: Pick<SyncTransport, 'idsInUse'>): IdCheck {
  return async (ids) => {
    if (!transport.idsInUse) return null;
    const unique = [...new Set(ids)];
    const taken = new Set<string>();
    for (let at = 0; at < unique.length; at += ID_CHECK_LIMIT) {
      let outcome: Awaited<ReturnType<NonNullable<SyncTransport['idsInUse']>>>;
      try {
        outcome = await transport.idsInUse(unique.slice(at, at + ID_CHECK_LIMIT));
      } catch {
        return null;
      }
      if (outcome.kind !== 'ok' || !Array.isArray(outcome.value)) return null;
      for (const id of outcome.value) if (typeof id === 'string') taken.add(id.toLowerCase());
    }
    return taken;
  };
}
