// Shared set-up for the backend benchmarks: a stand-in server on PGlite or on PostgreSQL 15
// (TEST_PG_URL, or a throwaway cluster started here), all traffic on 127.0.0.1.
import { startTestServer, type ServerKind, type TestServer, type TestServerOptions } from '../tests/helpers/index.ts';

export async function benchServer(kind: ServerKind, opts: TestServerOptions = {}): Promise<{ srv: TestServer; done: () => Promise<void> }> {
  let stopCluster = () => {};
  if (kind === 'pg' && !process.env.TEST_PG_URL) {
    const clusterModule: string = '../scripts/pg-cluster.mjs';
    const { startCluster } = (await import(clusterModule)) as {
      startCluster: () => Promise<{ url: string; stop: () => void }>;
    };
    const cluster = await startCluster();
    process.env.TEST_PG_URL = cluster.url;
    stopCluster = () => cluster.stop();
  }
  const srv = await startTestServer(kind, opts);
  return {
    srv,
    async done() {
      await srv.stop();
      stopCluster();
    },
  };
}

export function kindFromArgs(): ServerKind {
  const k = process.argv[2] ?? 'pglite';
  if (k !== 'pglite' && k !== 'pg') throw new Error('usage: npx tsx bench/<script>.ts pglite|pg');
  return k;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
