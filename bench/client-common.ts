// Shared set-up for the client benchmarks: a production build, the real server serving it, and
// Debian's Chromium driven by playwright-core — the same parts the e2e tests use.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { createDaybookServer } from '../server/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/index.ts';

/** Builds the app into BENCH_DIST (default .tmp/bench-client-dist) unless BENCH_REUSE_BUILD=1 and it exists. */
export function productionBuild(): string {
  const dist = resolve(process.env.BENCH_DIST ?? '.tmp/bench-client-dist');
  if (process.env.BENCH_REUSE_BUILD === '1' && existsSync(join(dist, 'index.html'))) return dist;
  const res = spawnSync('node_modules/.bin/vite', ['build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    encoding: 'utf8',
    env: { ...process.env, DAYBOOK_BUILD_ID: 'bench' },
  });
  if (res.status !== 0) throw new Error(`vite build failed:\n${res.stdout}\n${res.stderr}`);
  return dist;
}

/** The real server (static files, auth, RPCs on PGlite in a throwaway folder) on 127.0.0.1. */
export async function serve(distDir: string, port: number) {
  const server = await createDaybookServer({
    port,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: mkdtempSync(join(tmpdir(), 'daybook-bench-')),
    distDir,
  });
  return { url: server.url.replace(/\/$/, ''), close: () => server.close() };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export function machine(browserVersion: string): string {
  const model = cpus()[0]?.model ?? 'unknown CPU';
  const mem = (totalmem() / 2 ** 30).toFixed(0);
  let nproc = String(cpus().length);
  try {
    nproc = spawnSync('nproc', { encoding: 'utf8' }).stdout.trim() || nproc;
  } catch {
    // cpus() is the fallback
  }
  const node = process.version;
  const os = existsSync('/etc/debian_version') ? `Debian ${readFileSync('/etc/debian_version', 'utf8').trim()}` : process.platform;
  return `nproc ${nproc}, ${model}, ${mem} GiB RAM, ${os}, Node ${node}, Chromium ${browserVersion}`;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), n: sorted.length };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/**
 * When the "Today" heading is on screen (the page's performance.now()), polled every 100 ms with
 * plain evaluations. Not page.waitForFunction: it injects Playwright's selector engine into the
 * page, whose compile is a main-thread task of its own at 4× throttling, work no phone does (it
 * showed in the profile's trace among the app's long tasks).
 */
export async function todayShownAt(page: Page, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const at = await page
      .evaluate(() => (document.querySelector('h1')?.textContent?.trim() === 'Today' ? performance.now() : null))
      .catch(() => null); // a context replaced while the page loads: poll again
    if (at !== null) return at;
    if (Date.now() > deadline) throw new Error('"Today" not shown');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
