// Brotli and gzip copies of the built app's text files, made once (at `npm start` right after
// the build, and again in the background when the server starts on a folder that lacks them),
// so the static host answers like a CDN: compressed bytes straight from disk, no per-request work.
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress as brotliCb, constants, gzip as gzipCb } from 'node:zlib';

const brotli = promisify(brotliCb);
const gzip = promisify(gzipCb);

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map', '.wasm']);
/** Smaller files gain nothing worth a second request header's bytes. */
const MIN_BYTES = 1024;

export const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

async function fresh(copy: string, sourceMtime: number): Promise<boolean> {
  try {
    return (await stat(copy)).mtimeMs >= sourceMtime;
  } catch {
    return false;
  }
}

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase())) yield path;
  }
}

/** Writes `<file>.br` and `<file>.gz` beside every compressible file that lacks a fresh one. */
export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for await (const file of files(dir)) {
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    const [brFresh, gzFresh] = await Promise.all([fresh(`${file}.br`, info.mtimeMs), fresh(`${file}.gz`, info.mtimeMs)]);
    if (brFresh && gzFresh) continue;
    const body = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip(body, { level: 9 }),
    ]);
    // written beside and renamed into place, so a reader never sees half a copy
    await Promise.all([atomicWrite(`${file}.br`, br), atomicWrite(`${file}.gz`, gz)]);
    totals.files++;
    totals.bytes += body.length;
    totals.brotli += br.length;
  }
  return totals;
}

async function atomicWrite(path: string, body: Buffer): Promise<void> {
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, body);
  await rename(temp, path);
}
