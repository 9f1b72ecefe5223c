// The pure part of the live cache (live-cache.ts): key texts, range tests, and a held result
// patched with one write — rows it replaces or deletes taken out, new rows in the range put in
// index order, as a fresh read of the range would give them (RxDB's event-reduce, for ranges).
import { cmp } from 'dexie';

export type Key = unknown;
export interface Range {
  type: number; // Dexie's DBCoreRangeType: 1 equal, 2 range, 3 any, 4 never
  lower: Key;
  upper: Key;
  lowerOpen?: boolean;
  upperOpen?: boolean;
}
export interface Result {
  table: string;
  extractIndexKey: (row: unknown) => Key;
  extractPrimaryKey: (row: unknown) => Key;
  range: Range;
  /** The rows in index order (index key, then primary key), as stored. Never mutated: replaced. */
  rows: unknown[];
}
export type Op = { table: string; put: unknown[] } | { table: string; del: Key[] };

export const isKey = (k: Key): boolean =>
  typeof k === 'string' ||
  (typeof k === 'number' && !Number.isNaN(k)) ||
  (k instanceof Date && !Number.isNaN(k.getTime())) ||
  (Array.isArray(k) && k.every(isKey));

/** A stable text for a range bound; null when it holds a key kind this cache does not keep. */
export function keyText(k: Key): string | null {
  if (typeof k === 'string') return JSON.stringify(k);
  if (typeof k === 'number') return Number.isFinite(k) ? `n${k}` : k > 0 ? '+inf' : '-inf';
  if (k instanceof Date) return `d${k.getTime()}`;
  if (Array.isArray(k)) {
    const parts = k.map(keyText);
    return parts.includes(null) ? null : `[${parts.join(',')}]`;
  }
  return k === undefined ? 'u' : null;
}

export function inRange(key: Key, range: Range): boolean {
  if (range.type === 4) return false;
  if (range.type === 3) return true;
  const lo = cmp(key, range.lower);
  if (lo < 0 || (lo === 0 && range.lowerOpen)) return false;
  const hi = cmp(key, range.upper);
  return !(hi > 0 || (hi === 0 && range.upperOpen));
}

/** A primary key as a Set member: strings and numbers as they are, other keys by their text. */
export const member = (id: Key): unknown => (typeof id === 'string' || typeof id === 'number' ? id : keyText(id));

/** The result with `op` applied: rows it replaces or deletes removed, new rows in range inserted in order. */
export function patch(result: Result, op: Op): unknown[] {
  const { extractPrimaryKey: pk, extractIndexKey: ik } = result;
  const gone = new Set<unknown>();
  const added: { row: unknown; key: Key; id: Key }[] = [];
  if ('del' in op) for (const id of op.del) gone.add(member(id));
  else {
    for (const row of op.put) {
      const id = pk(row);
      gone.add(member(id));
      const key = ik(row);
      if (isKey(key) && inRange(key, result.range)) added.push({ row, key, id });
    }
  }
  const rows = result.rows.filter((row) => !gone.has(member(pk(row))));
  for (const { row, key, id } of added) {
    // first position whose (index key, primary key) sorts after the new row's
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = rows[mid];
      const c = cmp(ik(other), key) || cmp(pk(other), id);
      if (c < 0) lo = mid + 1;
      else hi = mid;
    }
    rows.splice(lo, 0, row);
  }
  return rows;
}
