// `npm test`: install what is missing, start a throwaway PostgreSQL 15, lint, type-check,
// run every suite (Vitest projects, then Playwright in Chromium), clean up, sum up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { CHROMIUM, ensureChromium, ensureNodeModules, ensurePgCron, ensurePostgres15 } from './ensure.mjs';
import { startCluster } from './pg-cluster.mjs';

const bin = (name) => `node_modules/.bin/${name}`;
const failures = [];

function step(label, cmd, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) failures.push(label);
  return res.status === 0;
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

ensureNodeModules();
ensureChromium();
ensurePostgres15();
ensurePgCron();
rmSync('.tmp', { recursive: true, force: true });
mkdirSync('.tmp', { recursive: true });

const cluster = await startCluster();
const cleanup = () => cluster.stop();
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    cleanup();
    process.exit(130);
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const env = { TEST_PG_URL: cluster.url, CHROMIUM_PATH: CHROMIUM };
  // The build also regenerates src/routeTree.gen.ts, which the type-check needs.
  step('build', bin('vite'), ['build', '--logLevel', 'warn'], { DAYBOOK_BUILD_ID: 'test-a' });
  step('lint (biome)', bin('biome'), ['lint', '.']);
  step('type-check (tsc)', bin('tsc'), ['-p', '.']);
  step('vitest: unit, component, integration, property', bin('vitest'), [
    'run', '--reporter=default', '--reporter=json', '--outputFile.json=.tmp/vitest.json',
  ], env);
  const v = readJson('.tmp/vitest.json');
  if (v) {
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  } else if (!failures.includes('vitest: unit, component, integration, property')) {
    failures.push('vitest report missing');
  }
  if (existsSync('playwright.config.ts')) {
    step('playwright: end-to-end in Chromium', bin('playwright'), ['test'], {
      ...env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: '.tmp/playwright.json',
    });
    const p = readJson('.tmp/playwright.json');
    if (p?.stats) {
      passed += p.stats.expected + (p.stats.flaky ?? 0);
      failed += p.stats.unexpected;
      skipped += p.stats.skipped;
    } else {
      failures.push('playwright report missing');
    }
  }
} finally {
  cleanup();
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length || failed ? 1 : 0);
