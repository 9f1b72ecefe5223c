// The server's keys: the JWT secret with the anon key signed by it, and the VAPID pair for
// reminder pushes. On PGlite they live in keys.json in the data folder. On PostgreSQL the
// database holds them (daybook_meta.keys), so every process serving one database signs and
// checks tokens with one secret and pushes with one VAPID identity; keys.json there is a
// copy for tools that read it, and seeds a database that has none (a data folder that served
// this database before the keys moved in keeps its sessions valid).
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Db, Querier } from './db.ts';
import { signJwt } from './jwt.ts';

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  /** VAPID (RFC 8292) pair for reminder pushes; added to keys from before them. */
  vapidPublicKey: string;
  vapidPrivateKey: string;
}

/** Whatever a keys.json holds, or nothing. */
export function readKeysFile(dataDir: string): Partial<Keys> {
  const file = join(dataDir, 'keys.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Keys>) : {};
}

function writeKeysFile(dataDir: string, keys: Keys) {
  const file = join(dataDir, 'keys.json');
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  // mode applies only when the file is made: a keys.json from before is narrowed too
  chmodSync(file, 0o600);
}

const isComplete = (k: Partial<Keys>): k is Keys => Boolean(k.jwtSecret && k.anonKey && k.vapidPublicKey && k.vapidPrivateKey);

/** Fills in what is missing: a JWT secret with its anon key, a VAPID pair. */
function complete(stored: Partial<Keys>): Keys {
  let { jwtSecret, anonKey, vapidPublicKey, vapidPrivateKey } = stored;
  if (!jwtSecret || !anonKey) {
    jwtSecret = randomBytes(32).toString('base64url');
    const iat = Math.floor(Date.now() / 1000);
    anonKey = signJwt({ iss: 'daybook', role: 'anon', iat, exp: iat + 10 * 365 * 24 * 3600 }, jwtSecret);
  }
  if (!vapidPublicKey || !vapidPrivateKey) ({ publicKey: vapidPublicKey, privateKey: vapidPrivateKey } = webpush.generateVAPIDKeys());
  return { jwtSecret, anonKey, vapidPublicKey, vapidPrivateKey };
}

/** The data folder's keys, made (or completed) and saved on first use. */
export function fileKeys(dataDir: string): Keys {
  const stored = readKeysFile(dataDir);
  if (isComplete(stored)) return stored;
  const keys = complete(stored);
  writeKeysFile(dataDir, keys);
  return keys;
}

// any number shared by every process; migrate() takes 4173
const KEYS_LOCK = 4174;

/** Writes `keys` as the database's keys (db:move brings the embedded database's along). */
export async function storeKeys(db: Querier, keys: Keys): Promise<void> {
  await db.query(
    `insert into daybook_meta.keys (id, value) values (1, $1::jsonb)
     on conflict (id) do update set value = excluded.value`,
    [JSON.stringify(keys)],
  );
}

/**
 * The database's keys; the first process to need them makes them, under a lock, so processes
 * starting together agree. Needs daybook_meta (migrate() makes it).
 */
export async function databaseKeys(db: Db, dataDir: string): Promise<Keys> {
  const keys = await db.tx(async (q) => {
    const read = async () => (await q.query<{ value: Partial<Keys> }>('select value from daybook_meta.keys where id = 1'))[0]?.value ?? {};
    const first = await read();
    if (isComplete(first)) return first;
    await q.query('select pg_advisory_xact_lock($1)', [KEYS_LOCK]);
    const again = await read();
    if (isComplete(again)) return again;
    const file = readKeysFile(dataDir);
    const made = complete(again.jwtSecret ? again : file);
    await storeKeys(q, made);
    return made;
  });
  const file = readKeysFile(dataDir);
  const same = (Object.keys(keys) as (keyof Keys)[]).every((k) => file[k] === keys[k]);
  const ordered = { jwtSecret: keys.jwtSecret, anonKey: keys.anonKey, vapidPublicKey: keys.vapidPublicKey, vapidPrivateKey: keys.vapidPrivateKey };
  if (!same) writeKeysFile(dataDir, ordered);
  return ordered;
}
