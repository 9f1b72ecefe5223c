// Where the start's long tasks go: one first visit to /today (fresh context, as
// bench/start-long-tasks.ts) on a production build made with source maps, the CPU throttled 4×,
// traced with Chromium's timeline and V8's sampling profiler. For each main-thread task over
// 50 ms it prints its start and length and how its time splits between the app's source files
// and the packages they use (samples mapped back through the source maps), so the next slice to
// cut is named, not guessed.
// Run: npx tsx bench/start-profile.ts   (env BENCH_RATE=4, BENCH_TAIL_MS=5000, BENCH_TOP=8,
// BENCH_MIN_MS=50, BENCH_STACKS=N: call chains N deep, BENCH_EVENTS=1: the timeline's events,
// BENCH_EVENTS=all: nested ones too)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { launchChromium, serve, todayShownAt } from './client-common.ts';

const RATE = Number(process.env.BENCH_RATE ?? 4);
const TAIL_MS = Number(process.env.BENCH_TAIL_MS ?? 5000);
const TOP = Number(process.env.BENCH_TOP ?? 8);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 50);
const dist = resolve('.tmp/bench-profile-dist');

const built = spawnSync('node_modules/.bin/vite', ['build', '--sourcemap', 'true', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
  encoding: 'utf8',
  env: { ...process.env, DAYBOOK_BUILD_ID: 'bench' },
});
if (built.status !== 0) throw new Error(`vite build failed:\n${built.stdout}\n${built.stderr}`);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  id?: string;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const server = await serve(dist, Number(process.env.BENCH_PORT ?? 4358));
const browser = await launchChromium();
let events: TraceEvent[];
const servedUrl = server.url;
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript('globalThis.__name ??= (fn) => fn;');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler'],
  });
  await page.goto(`${server.url}/today`, { waitUntil: 'commit' });
  await todayShownAt(page);
  await page.waitForTimeout(TAIL_MS);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  events = Array.isArray(trace) ? trace : trace.traceEvents;
} finally {
  await browser.close();
  await server.close();
}

// The page's main thread: the renderer main thread whose events name the served page most often
// (Chromium may trace another renderer too, e.g. its own new-tab page, with more work of its own).
const threadNames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
const work = new Map<string, number>();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (threadNames.get(key) !== 'CrRendererMain' || !e.args?.data) continue;
  if (JSON.stringify(e.args.data).includes(servedUrl)) work.set(key, (work.get(key) ?? 0) + 1);
}
const main = [...work].sort((a, b) => b[1] - a[1])[0]![0];
const [pid, tid] = main.split(':').map(Number) as [number, number];
const tasks = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e.name === 'RunTask' && (e.dur ?? 0) > MIN_MS * 1000);

// V8's samples, each with its time (the profile's start plus the deltas so far).
const nodes = new Map<number, ProfileNode>();
const samples: { id: number; ts: number }[] = [];
// the main thread's profile (a service worker in the same process has its own)
const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
let clock = Number((profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === pid && x.id === profile?.id)) {
  const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
  for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  (data.cpuProfile?.samples ?? []).forEach((id, i) => {
    clock += data.timeDeltas?.[i] ?? 0;
    samples.push({ id, ts: clock });
  });
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const file = frame.url.split('/assets/')[1];
  if (!file) return frame.url.split('/').pop() || frame.url;
  if (!maps.has(file)) {
    try {
      maps.set(file, new SourceMapConsumer(JSON.parse(readFileSync(`${dist}/assets/${file}.map`, 'utf8'))));
    } catch {
      maps.set(file, null);
    }
  }
  const source = maps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber }).source;
  if (!source) return file;
  return source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source.replace(/^.*?\/src\//, 'src/');
}

const t0 = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? tasks[0]?.ts ?? 0;
console.log(`\nFirst visit to /today, CPU ${RATE}×: ${tasks.length} main-thread tasks over ${MIN_MS} ms\n`);
for (const task of tasks) {
  const bySource = new Map<string, number>();
  let total = 0;
  for (const s of samples) {
    if (s.ts < task.ts || s.ts > task.ts + task.dur!) continue;
    const frame = nodes.get(s.id)?.callFrame;
    const key = frame ? sourceOf(frame) : '(unknown)';
    bySource.set(key, (bySource.get(key) ?? 0) + 1);
    total++;
  }
  const ms = task.dur! / 1000;
  console.log(`at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${ms.toFixed(0)} ms (${total} samples)`);
  for (const [key, n] of [...bySource].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${((n / Math.max(1, total)) * ms).toFixed(1).padStart(7)} ms  ${key}`);
  }
  // what the task ran the code through: each sample's outermost frame with a source
  const byEntry = new Map<string, number>();
  for (const s of samples) {
    if (s.ts < task.ts || s.ts > task.ts + task.dur!) continue;
    let node = nodes.get(s.id);
    let outer: ProfileNode | undefined;
    while (node) {
      if (node.callFrame.url) outer = node;
      node = node.parent === undefined ? undefined : nodes.get(node.parent);
    }
    if (!outer) continue;
    const key = `${sourceOf(outer.callFrame)} ${outer.callFrame.functionName || '(anonymous)'}`;
    byEntry.set(key, (byEntry.get(key) ?? 0) + 1);
  }
  for (const [key, n] of [...byEntry].sort((a, b) => b[1] - a[1]).slice(0, 3)) {
    console.log(`    via ${((n / Math.max(1, total)) * ms).toFixed(1).padStart(6)} ms  ${key}`);
  }
  if (process.env.BENCH_STACKS) {
    // the samples' call chains, outermost first, a file named once per run of frames in it
    const byChain = new Map<string, number>();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > task.ts + task.dur!) continue;
      const chain: string[] = [];
      for (let node = nodes.get(s.id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const f = node.callFrame;
        const name = f.url ? `${sourceOf(f)}:${f.functionName || '?'}` : f.functionName;
        if (name && name !== '(root)' && chain[0]?.split(':')[0] !== name.split(':')[0]) chain.unshift(name);
      }
      const key = chain.slice(0, Number(process.env.BENCH_STACKS)).join(' > ');
      byChain.set(key, (byChain.get(key) ?? 0) + 1);
    }
    for (const [key, n] of [...byChain].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
      console.log(`      ${((n / Math.max(1, total)) * ms).toFixed(1).padStart(6)} ms  ${key}`);
    }
  }
  if (process.env.BENCH_EVENTS) {
    // the timeline's own events inside the task (parsing, compiling, style, layout, paint), the
    // outermost of each nesting: what "(program)" was
    const inner = events
      .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!)
      .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const byName = new Map<string, number>();
    let end = 0;
    for (const e of inner) {
      if (e.ts < end && process.env.BENCH_EVENTS !== 'all') continue; // nested in one already counted
      end = e.ts + (e.dur ?? 0);
      const url = (e.args?.data as { url?: string } | undefined)?.url;
      const key = url ? `${e.name} ${url.split('/').pop()}` : e.name;
      byName.set(key, (byName.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    for (const [key, d] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, process.env.BENCH_EVENTS === 'all' ? 16 : 6)) {
      console.log(`      event ${d.toFixed(1).padStart(6)} ms  ${key}`);
    }
  }
}
