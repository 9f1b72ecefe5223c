// Which id an imported list or task gets (SPEC §15 "Imports never vanish"). Ids are unique across
// every account on the server, so a file's id is kept only where the server said no one holds
// it; otherwise the record takes its *derived* id — a UUID made from the file's id and the
// importing account (or signed-out database) — and failing that a random one. Offline, or
// signed out, the server can't say: every record takes its derived id. Because a derived id is
// the same at every import of the same file into the same account, importing a file again, on
// this device or another of the account's once it has synced, finds its records already here
// instead of adding them twice. A record already on this device with the same content, under
// any of these ids, is not imported again.

/** Why a record the device already holds was not imported again. */
export const ALREADY_HERE = 'Already on this device';

/** The ids of `ids` someone on the server holds, or null when the server can't be asked. */
export type IdCheck = (ids: string[]) => Promise<ReadonlySet<string> | null>;

export interface IdCandidate {
  id: string;
  /** The id may go to a new record when no row on this device holds it. */
  free: boolean;
}

export interface IdPlan {
  /** The ids to look for on this device, and to try, in order (then a random id). */
  candidates(fileId: string | null): IdCandidate[];
}

const NAMESPACE = 'daybook-import';

/** A UUID (version 8, RFC 9562) from SHA-256 of the file's id and the importer: the same for the same pair. */
export async function derivedId(fileId: string, importer: string): Promise<string> {
  const text = `${NAMESPACE}\n${importer.toLowerCase()}\n${fileId.toLowerCase()}`;
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).slice(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Every file id is kept where this device has no row under it (records made on this device signed out, which no server has seen). */
export const keepingIds: IdPlan = {
  candidates: (fileId) => (fileId ? [{ id: fileId.toLowerCase(), free: true }] : []),
};

/**
 * Works out every candidate before the import's transaction opens (hashing and the server's
 * answer are not IndexedDB work, which would let the transaction commit early). `check` failing
 * counts as "can't say".
 */
export async function planIds(fileIds: readonly string[], importer: string, check?: IdCheck): Promise<IdPlan> {
  const own = [...new Set(fileIds.map((id) => id.toLowerCase()))];
  const derived = new Map(await Promise.all(own.map(async (id) => [id, await derivedId(id, importer)] as const)));
  let taken: ReadonlySet<string> | null = null;
  if (check && own.length > 0) {
    taken = await check([...own, ...derived.values()]).catch(() => null);
  }
  return {
    candidates(fileId) {
      if (!fileId) return [];
      const id = fileId.toLowerCase();
      const alt = derived.get(id);
      const first = { id, free: taken !== null && !taken.has(id) };
      return alt ? [first, { id: alt, free: taken === null || !taken.has(alt) }] : [first];
    },
  };
}

export type Placement = { kind: 'existing'; id: string } | { kind: 'new'; id: string };

/**
 * Where a record goes: onto a live row with the same content under one of its candidates
 * (nothing is imported), or a new record under the first free candidate no row here holds,
 * else a random id.
 */
export async function place<Row extends { state: number }>(
  candidates: IdCandidate[],
  get: (id: string) => Promise<Row | undefined>,
  same: (row: Row) => boolean,
  deleted: number,
  fresh: () => string,
): Promise<Placement> {
  let chosen: string | null = null;
  for (const c of candidates) {
    const row = await get(c.id);
    if (row) {
      if (row.state !== deleted && same(row)) return { kind: 'existing', id: c.id };
    } else if (c.free && chosen === null) {
      chosen = c.id;
    }
  }
  return { kind: 'new', id: chosen ?? fresh() };
}
