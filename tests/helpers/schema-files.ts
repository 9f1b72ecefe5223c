// Where the database's current definition lives: supabase/schemas/, in the order
// supabase/config.toml's `[db.migrations] schema_paths` lists them (as the Supabase CLI reads it).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SUPABASE_DIR = fileURLToPath(new URL('../../supabase', import.meta.url));
export const SCHEMAS_DIR = join(SUPABASE_DIR, 'schemas');

/** The schema files, relative to supabase/, in the order they must be applied. */
export function schemaPaths(): string[] {
  const toml = readFileSync(join(SUPABASE_DIR, 'config.toml'), 'utf8');
  const list = /schema_paths\s*=\s*\[([^\]]*)\]/.exec(toml)?.[1] ?? '';
  return [...list.matchAll(/"\.\/([^"]+)"/g)].map((m) => m[1]!);
}
