// What repeating tasks add to a bundle: each entry below is built by Vite (production, minified,
// tree-shaken) on its own and the output gzipped at level 9, like bench/client-size.ts. With
// BENCH_RRULE=<folder where `npm install rrule@2.8.1` ran> the same is measured for the rrule
// library, which is not a dependency of the project (the comparison behind src/domain/recurrence).
// Run: npx tsx bench/recurrence-size.ts   (BENCH_RRULE=/tmp/rrule-eval npx tsx bench/recurrence-size.ts)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { machine } from './recurrence-common.ts';

const ours = resolve('src/domain/recurrence/index.ts');
const entries: Record<string, string> = {
  'ours: the row label (parseRule + repeatLabel)': `
    import { parseRule, repeatLabel } from '${ours}';
    const p = parseRule(globalThis.text); globalThis.out = p.ok && repeatLabel(p.rule, globalThis.anchor);`,
  'ours: Upcoming (parseRule + occurrences + nextDue)': `
    import { nextDue, occurrences, parseRule } from '${ours}';
    const p = parseRule(globalThis.text);
    globalThis.out = p.ok && [occurrences(p.rule, globalThis.anchor, '2026-01-01', '2026-01-14'), nextDue(p.rule, globalThis.anchor, '2026-01-01', '2026-01-02')];`,
  'ours: everything (all exports)': `
    import * as recurrence from '${ours}'; globalThis.out = recurrence;`,
};
const rrule = process.env.BENCH_RRULE;
if (rrule) {
  const lib = join(resolve(rrule), 'node_modules/rrule/dist/esm/index.js');
  Object.assign(entries, {
    'rrule 2.8.1: parse + between + after': `
      import { RRule } from '${lib}';
      const r = new RRule({ ...RRule.parseString(globalThis.text), dtstart: new Date(globalThis.anchor) });
      globalThis.out = [r.between(new Date('2026-01-01'), new Date('2026-01-14'), true), r.after(new Date('2026-01-02'))];`,
    'rrule 2.8.1: + toText': `
      import { RRule } from '${lib}';
      const r = new RRule({ ...RRule.parseString(globalThis.text), dtstart: new Date(globalThis.anchor) });
      globalThis.out = [r.between(new Date('2026-01-01'), new Date('2026-01-14'), true), r.after(new Date('2026-01-02')), r.toText()];`,
  });
}

const work = mkdtempSync(join(tmpdir(), 'daybook-recurrence-size-'));
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`\n${machine()}, Vite production build, gzip level 9\n`);
console.log('| entry | raw (minified) | gzip |');
console.log('|---|---|---|');
let n = 0;
for (const [name, code] of Object.entries(entries)) {
  const dir = join(work, String(n++));
  mkdirSync(dir);
  writeFileSync(join(dir, 'entry.js'), code);
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    build: { outDir: join(dir, 'dist'), minify: true, rollupOptions: { input: join(dir, 'entry.js') } },
  });
  const assets = join(dir, 'dist', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = Buffer.concat(files.map((f) => readFileSync(join(assets, f))));
  console.log(`| ${name} | ${kb(bytes.length)} | ${kb(gzipSync(bytes, { level: 9 }).length)} |`);
}
