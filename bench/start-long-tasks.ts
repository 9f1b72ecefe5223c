// The start's long tasks: a first visit to /today (a fresh browser context: no service worker, no
// cache, no stored data — what Lighthouse measures) on the production build served by the real
// server, in Debian's Chromium, with the CPU at full speed and throttled 4× (CDP
// Emulation.setCPUThrottlingRate, as Lighthouse's mobile preset). A PerformanceObserver for
// `longtask`, registered before the page's own scripts, records every main-thread task over 50 ms
// from navigation until the "Today" heading is shown and 5 s more. Reports per build and
// throttling: long tasks per start, the longest, and the sum of their parts over 50 ms (total
// blocking time's measure, without its FCP/TTI window), medians over the starts.
// Several builds can be compared in one run (starts alternated, so the machine's load hits each
// alike): npx tsx bench/start-long-tasks.ts [name=distDir ...]   (no argument: builds this
// checkout; env BENCH_STARTS=7, BENCH_RATES=1,4, BENCH_TAIL_MS=5000). The heading is polled with plain
// evaluations; BENCH_WAIT=playwright polls with page.waitForFunction instead, whose injected
// selector engine adds a long task of its own to the page's (kept to compare with older figures).
// Each long task is also named by the start's phase it falls in (src/app/start.tsx marks where each
// phase begins: `start:data`, `start:react`, …; a task holding no mark is in the phase begun last
// before it, and one before any mark is "before the app": the HTML, boot.js, the entry).
import { resolve } from 'node:path';
import { launchChromium, machine, ms, productionBuild, serve, stats, todayShownAt } from './client-common.ts';

const STARTS = Number(process.env.BENCH_STARTS ?? 7);
const RATES = (process.env.BENCH_RATES ?? '1,4').split(',').map(Number);
const TAIL_MS = Number(process.env.BENCH_TAIL_MS ?? 5000);

declare global {
  interface Window {
    __longTasks?: { start: number; duration: number }[];
  }
}

function observeLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks!.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const args = process.argv.slice(2);
const variants = args.length
  ? args.map((a) => {
      const [name, dist] = a.split('=');
      return { name: name!, dist: resolve(dist!) };
    })
  : [{ name: 'this checkout', dist: productionBuild() }];

const servers = await Promise.all(variants.map((v, i) => serve(v.dist, Number(process.env.BENCH_PORT ?? 4350) + i)));
const browser = await launchChromium();
type Task = { start: number; duration: number };
type Sample = { count: number; longest: number; blocking: number; heading: number; tasks: Task[]; phases: string[] };

/** The phases a long task is in: those whose marks fall inside it, else the one begun last before it. */
function phasesOf(task: Task, marks: [string, number][]): string {
  const inside = marks.filter(([, at]) => at >= task.start && at <= task.start + task.duration).map(([name]) => name);
  if (inside.length) return inside.join('+');
  return marks.filter(([, at]) => at < task.start).at(-1)?.[0] ?? 'before the app';
}
const samples = new Map<string, Sample[]>();
try {
  for (let i = 0; i < STARTS + 1; i++) {
    for (const rate of RATES) {
      for (let j = 0; j < variants.length; j++) {
        const k = (i + j) % variants.length;
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'allow' });
        await context.addInitScript('globalThis.__name ??= (fn) => fn;');
        await context.addInitScript(observeLongTasks);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate });
        await page.goto(`${servers[k]!.url}/today`, { waitUntil: 'commit' });
        // a cheap poll: a role query on every frame would itself add main-thread work
        const heading =
          process.env.BENCH_WAIT === 'playwright'
            ? ((await (
                await page.waitForFunction(
                  () => (document.querySelector('h1')?.textContent?.trim() === 'Today' ? performance.now() : null),
                  null,
                  { polling: 100, timeout: 60_000 },
                )
              ).jsonValue()) as number)
            : await todayShownAt(page);
        await page.waitForTimeout(TAIL_MS);
        const tasks = await page.evaluate(() => window.__longTasks ?? []);
        const marks = await page.evaluate(() =>
          performance
            .getEntriesByType('mark')
            .filter((m) => m.name.startsWith('start:'))
            .map((m) => [m.name.slice('start:'.length), m.startTime] as [string, number]),
        );
        await context.close();
        if (i === 0) continue; // the first round warms the server's file cache and Chromium
        const key = `${variants[k]!.name}|${rate}`;
        const list = samples.get(key) ?? [];
        list.push({
          count: tasks.length,
          longest: Math.max(0, ...tasks.map((t) => t.duration)),
          blocking: tasks.reduce((s, t) => s + Math.max(0, t.duration - 50), 0),
          heading,
          tasks,
          phases: tasks.map((t) => phasesOf(t, marks)),
        });
        samples.set(key, list);
      }
    }
  }
  console.log(`\nMachine: ${machine(browser.version())}; ${STARTS} starts each, medians (range)\n`);
  console.log('| build | CPU | long tasks | longest | sum over 50 ms | "Today" shown at |');
  console.log('|---|---|---|---|---|---|');
  const range = (xs: number[], f: (n: number) => string) => `${f(stats(xs).median)} (${f(Math.min(...xs))}–${f(Math.max(...xs))})`;
  for (const v of variants) {
    for (const rate of RATES) {
      const s = samples.get(`${v.name}|${rate}`) ?? [];
      console.log(
        `| ${v.name} | ${rate}× | ${range(s.map((x) => x.count), String)} | ${range(s.map((x) => x.longest), ms)} | ${range(s.map((x) => x.blocking), ms)} | ${range(s.map((x) => x.heading), ms)} |`,
      );
    }
  }
  console.log('\nLong tasks by the phase of the start they are in (all starts; src/app/start.tsx):\n');
  for (const [key, s] of samples) {
    const count = new Map<string, number>();
    for (const phase of s.flatMap((x) => x.phases)) count.set(phase, (count.get(phase) ?? 0) + 1);
    const listed = [...count].sort((a, b) => b[1] - a[1]).map(([phase, n]) => `${phase} ${n}`);
    console.log(`- ${key.replace('|', ' at ')}×: ${listed.join(', ') || 'none'}`);
  }
  if (process.env.BENCH_VERBOSE === '1') {
    for (const [key, s] of samples) console.log(key, JSON.stringify(s.map((x) => x.tasks.map((t, i) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)} ${x.phases[i]}`))));
  }
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
