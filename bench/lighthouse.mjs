// Lighthouse on `npm start`: builds and serves the app as a newcomer meets it, then
// runs Lighthouse 12.8.2 (the last release for Node 20) on /today with the mobile and desktop
// presets, RUNS times each in a fresh headless Chromium, and prints the medians.
// Lighthouse is not a project dependency; install it once outside the tree:
//   mkdir -p /tmp/lh && cd /tmp/lh && npm init -y && npm install lighthouse@12.8.2
// Run (the build writes dist/ and the server takes a fixed port, hence the shared lock):
//   flock /tmp/daybook-e2e.lock node bench/lighthouse.mjs
// env: LIGHTHOUSE_DIR (default /tmp/lh), CHROME_PATH (default /usr/bin/chromium), RUNS (3),
// PORT (4173), BENCH_PATH (/today), BENCH_JSON=<folder> keeps every report, BENCH_SKIP_START=1
// measures a server already running on PORT.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const LH_DIR = process.env.LIGHTHOUSE_DIR ?? '/tmp/lh';
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.PORT ?? 4173);
const PATH = process.env.BENCH_PATH ?? '/today';
const JSON_DIR = process.env.BENCH_JSON;
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const requireLh = createRequire(join(LH_DIR, 'package.json'));
const load = async (name) => import(pathToFileURL(requireLh.resolve(name)).href);
let lighthouse;
let chromeLauncher;
let desktopConfig;
try {
  lighthouse = (await load('lighthouse')).default;
  chromeLauncher = await load('chrome-launcher');
  desktopConfig = (await import(pathToFileURL(join(LH_DIR, 'node_modules/lighthouse/core/config/desktop-config.js')).href)).default;
} catch (err) {
  console.error(`Lighthouse not found in ${LH_DIR} (${err.message}). Install it there: npm install lighthouse@12.8.2`);
  process.exit(1);
}

/** `npm start` (build, then serve) on PORT with a fresh data folder; resolves once it listens. */
function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'daybook-lh-'));
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(PORT), DAYBOOK_DATA: dataDir },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      process.kill(-child.pid, 'SIGTERM');
    }).then(() => rmSync(dataDir, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('Daybook is running at')) resolve(stop);
    });
    child.once('exit', (code) => reject(new Error(`npm start exited ${code} before serving:\n${out}`)));
  });
}

async function runOnce(url, preset) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The figures kept from one report. */
function figures(lhr) {
  const a = lhr.audits;
  const scripts = a['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
  const total = a['resource-summary']?.details?.items?.find((i) => i.resourceType === 'total');
  const cat = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  return {
    performance: cat('performance'),
    accessibility: cat('accessibility'),
    'best-practices': cat('best-practices'),
    seo: cat('seo'),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    si: a['speed-index'].numericValue,
    jsKiB: (scripts?.transferSize ?? 0) / 1024,
    jsFiles: scripts?.requestCount ?? 0,
    totalKiB: (total?.transferSize ?? 0) / 1024,
  };
}

/** Audits below 0.9 (with their display value), and the PWA-relevant ones whatever their score. */
const PWA_AUDITS = ['viewport', 'document-title', 'html-has-lang', 'meta-description', 'is-on-https', 'redirects-http', 'bf-cache', 'uses-long-cache-ttl', 'uses-text-compression', 'render-blocking-resources', 'unused-javascript'];
function findings(lhr) {
  return Object.values(lhr.audits)
    .filter((x) => (x.score !== null && x.score < 0.9 && x.scoreDisplayMode !== 'informative') || PWA_AUDITS.includes(x.id))
    .map((x) => `${x.id}: ${x.score === null ? x.scoreDisplayMode : x.score}${x.displayValue ? ` (${x.displayValue})` : ''}`);
}

const stop = process.env.BENCH_SKIP_START ? async () => {} : await startServer();
const url = `http://127.0.0.1:${PORT}${PATH}`;
const load0 = loadavg();
const results = { mobile: [], desktop: [] };
try {
  if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
  // one warm-up visit (the server's first answers compress and cache nothing, but PGlite opens)
  await fetch(url).then((r) => r.text());
  for (let i = 0; i < RUNS; i++) {
    for (const preset of ['mobile', 'desktop']) {
      const lhr = await runOnce(url, preset);
      if (JSON_DIR) writeFileSync(join(JSON_DIR, `${preset}-${i + 1}.json`), JSON.stringify(lhr));
      const f = figures(lhr);
      results[preset].push({ figures: f, findings: findings(lhr), version: lhr.lighthouseVersion, chrome: lhr.environment.hostUserAgent });
      console.error(`${preset} run ${i + 1}: performance ${f.performance}, FCP ${Math.round(f.fcp)} ms, LCP ${Math.round(f.lcp)} ms, TBT ${Math.round(f.tbt)} ms`);
    }
  }
} finally {
  await stop();
}

const load1 = loadavg();
const first = results.mobile[0];
console.log(`Lighthouse ${first.version}, ${first.chrome}; ${url}; ${RUNS} runs per preset, medians`);
console.log(`load average before ${load0.map((x) => x.toFixed(1)).join(' ')}, after ${load1.map((x) => x.toFixed(1)).join(' ')}`);
console.log('| | mobile | desktop |\n|---|---|---|');
const rows = [
  ['performance', 'performance', (x) => x.toFixed(0)],
  ['accessibility', 'accessibility', (x) => x.toFixed(0)],
  ['best practices', 'best-practices', (x) => x.toFixed(0)],
  ['SEO', 'seo', (x) => x.toFixed(0)],
  ['first contentful paint', 'fcp', (x) => `${(x / 1000).toFixed(2)} s`],
  ['largest contentful paint', 'lcp', (x) => `${(x / 1000).toFixed(2)} s`],
  ['total blocking time', 'tbt', (x) => `${x.toFixed(0)} ms`],
  ['cumulative layout shift', 'cls', (x) => x.toFixed(3)],
  ['speed index', 'si', (x) => `${(x / 1000).toFixed(2)} s`],
  ['JS transferred', 'jsKiB', (x) => `${x.toFixed(1)} KiB`],
  ['JS files', 'jsFiles', (x) => x.toFixed(0)],
  ['everything transferred', 'totalKiB', (x) => `${x.toFixed(1)} KiB`],
];
for (const [label, key, show] of rows) {
  const cell = (preset) => {
    const xs = results[preset].map((r) => r.figures[key]);
    return `${show(median(xs))} (${xs.map((x) => show(x)).join(', ')})`;
  };
  console.log(`| ${label} | ${cell('mobile')} | ${cell('desktop')} |`);
}
for (const preset of ['mobile', 'desktop']) {
  console.log(`\n${preset}, audits below 0.9 or PWA-relevant (first run):`);
  for (const line of results[preset][0].findings) console.log(`- ${line}`);
}
