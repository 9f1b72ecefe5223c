// Serves the built app from disk on every request (the folder may be swapped while running),
// with SPA fallback to index.html and no-cache for the files that decide which version runs.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { COMPRESSIBLE, ENCODINGS } from './precompress.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

const NO_CACHE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest']);

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  const full = normalize(join(root, urlPath));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const s = await stat(full);
    return s.isFile() ? full : null;
  } catch {
    return null;
  }
}

export async function serveStatic(distDir: string, req: IncomingMessage, res: ServerResponse, pathname: string) {
  const root = resolve(distDir);
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    res.writeHead(400).end('Bad path');
    return;
  }
  if (path.endsWith('/')) path += 'index.html';
  let file = await fileAt(root, path);
  if (!file && extname(path) === '') {
    path = '/index.html';
    file = await fileAt(root, path);
  }
  if (!file) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
    return;
  }
  const source = await stat(file);
  const cache = NO_CACHE.has(path)
    ? 'no-cache'
    : path.startsWith('/assets/')
      ? 'public, max-age=31536000, immutable'
      : 'no-cache';
  const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
  const copy = compressible ? await compressedCopy(file, source.mtimeMs, req.headers['accept-encoding']) : null;
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': copy?.size ?? source.size,
    'Cache-Control': cache,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
    ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(copy?.path ?? file).pipe(res);
}

/** The precompressed copy (precompress.ts) the client accepts, if one is there and fresh. */
async function compressedCopy(file: string, mtimeMs: number, accept: string | undefined) {
  const accepted = new Set((accept ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase()));
  for (const { name, suffix } of ENCODINGS) {
    if (!accepted.has(name)) continue;
    try {
      const info = await stat(file + suffix);
      if (info.mtimeMs >= mtimeMs) return { path: file + suffix, size: info.size, encoding: name };
    } catch {
      // no copy yet (a build the server has not compressed): the plain file serves
    }
  }
  return null;
}
