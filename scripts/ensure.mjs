// Install what is missing on a fresh machine: npm packages, Chromium, PostgreSQL 15.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (cmd) => execSync(cmd, { stdio: 'inherit' });

export function ensureNodeModules() {
  const marker = 'node_modules/.package-lock.json';
  const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
  if (stale) run('npm install --no-audit --no-fund');
}

let aptUpdated = false;
function aptInstall(pkgs) {
  if (!aptUpdated) run('apt-get update -qq');
  aptUpdated = true;
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`);
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export function ensureChromium() {
  if (!existsSync(CHROMIUM)) aptInstall('chromium');
}

export const PG_BIN = '/usr/lib/postgresql/15/bin';
export function ensurePostgres15() {
  if (!existsSync(`${PG_BIN}/initdb`)) aptInstall('postgresql-15');
}

// pg_cron runs the hosted schedule (supabase/README.md); its test starts a cluster of its own
// with the library preloaded
export const PG_CRON_LIB = '/usr/lib/postgresql/15/lib/pg_cron.so';
export function ensurePgCron() {
  if (!existsSync(PG_CRON_LIB)) aptInstall('postgresql-15-cron');
}
