// Does quick add's parser stay out of the first screen? Loads /today (first visit, no service
// worker) in Chromium and sorts every JS and CSS file it fetches: the first screen (requested
// before the first contentful paint), the service worker's registration (loaded after the app has
// rendered, whichever side of the paint it lands; bench/client-size.ts sets it apart too), and the
// rest, after the paint (the parser chunk). Sizes are gzip level 9 like bench/client-size.ts; the
// first screen's JS is what quick add may grow by 2 KB at most.
// Run: npx tsx bench/quick-add-route.ts   (BENCH_DIST=<a dist> BENCH_REUSE_BUILD=1 to measure a given build)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium, machine, productionBuild, serve } from './client-common.ts';

/** Loaded by src/app/pwa.tsx after the app has rendered (the same files bench/client-size.ts sets apart). */
const SW_REGISTRATION = /\/assets\/(virtual_pwa-register|workbox-window)[^/]*\.js$/;

const dist = productionBuild();
const app = await serve(dist, 4319);
const browser = await launchChromium();
try {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${app.url}/today`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'New task' }).waitFor();
  await page.waitForLoadState('networkidle');
  const { paint, files } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    files: performance
      .getEntriesByType('resource')
      .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime }))
      .filter((f) => /\.(js|css)$/.test(f.path)),
  }));

  const kb = (n: number) => `${(n / 1024).toFixed(2)} KB`;
  const rows = files.map((f) => {
    const bytes = readFileSync(join(dist, f.path));
    const when = SW_REGISTRATION.test(f.path) ? 'sw' : f.start > paint ? 'after' : 'first';
    return { ...f, kind: f.path.endsWith('.js') ? 'js' : 'css', gzip: gzipSync(bytes, { level: 9 }).length, when };
  });
  const sum = (list: typeof rows) => list.reduce((a, r) => a + r.gzip, 0);
  console.log(`\n${machine(browser.version())}; first contentful paint at ${paint.toFixed(0)} ms\n`);
  console.log('| | JS gzip | CSS gzip | files |');
  console.log('|---|---|---|---|');
  const names = { first: 'first screen (before the first paint)', sw: 'service worker registration', after: 'after the first paint' };
  for (const when of ['first', 'sw', 'after'] as const) {
    const part = rows.filter((r) => r.when === when);
    const js = part.filter((r) => r.kind === 'js');
    const css = part.filter((r) => r.kind === 'css');
    console.log(`| ${names[when]} | ${kb(sum(js))} | ${kb(sum(css))} | ${part.length} |`);
  }
  console.log('\nAfter the first paint:');
  for (const r of rows.filter((x) => x.when === 'after')) console.log(`- ${r.path} ${kb(r.gzip)} (requested at ${r.start.toFixed(0)} ms)`);
  const early = rows.filter((r) => r.when === 'first' && /\/understood-[^/]*\.js$/.test(r.path));
  console.log(early.length ? `\nThe parser chunk loaded BEFORE the first paint: ${early.map((r) => r.path).join(', ')}` : '\nThe parser chunk is not in the first paint.');
  await context.close();
} finally {
  await browser.close();
  await app.close();
}
