// A throwaway PostgreSQL 15 cluster on 127.0.0.1 for the tests; removed on stop().
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PG_BIN } from './ensure.mjs';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;
function pg(bin, args) {
  const cmd = join(PG_BIN, bin);
  if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' });
  else execFileSync(cmd, args, { stdio: 'pipe' });
}

/** `options`: more server settings, e.g. `-c shared_preload_libraries=pg_cron` for a cluster of one's own. */
export async function startCluster({ options = '' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  pg('pg_ctl', [
    '-D', data, '-l', join(dir, 'log'), '-w', 'start',
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200 ${options}`,
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    // the load bench reads the postmaster's pid from it, to count the database's CPU
    dataDir: data,
    stop() {
      try {
        pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
