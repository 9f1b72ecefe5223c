// What quick add's parser adds to a bundle: each entry is built by Vite (production, minified,
// tree-shaken) on its own and gzipped at level 9, like bench/recurrence-size.ts. The parser is a
// chunk loaded on demand, so this is what the field fetches after the first paint, not part of the
// first screen (bench/client-size.ts measures that). With BENCH_CHRONO=<folder where
// `npm install chrono-node@2.10.3` ran> chrono-node's English-only entry is measured the same way.
// Run: npx tsx bench/quick-add-size.ts   (BENCH_CHRONO=/tmp/chrono-eval npx tsx bench/quick-add-size.ts)
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { machine } from './recurrence-common.ts';

const ours = resolve('src/domain/quick-add/index.ts');
const alias = { '@': resolve('src') };
const entries: Record<string, string> = {
  'ours: the parser alone (parseQuickAdd)': `
    import { parseQuickAdd } from '${ours}';
    globalThis.out = parseQuickAdd(globalThis.text, { today: '2026-11-25' });`,
  'ours: the chunk quick add loads (parser, chip labels with repeat words, # suggestions)': `
    import * as quickAdd from '${ours}'; globalThis.out = quickAdd;`,
};
const chrono = process.env.BENCH_CHRONO;
if (chrono) {
  entries['chrono-node 2.10.3, English entry (dates and times only)'] = `
    import * as chrono from '${join(resolve(chrono), 'node_modules/chrono-node/dist/esm/locales/en/index.js')}';
    globalThis.out = chrono.parse(globalThis.text, new Date(), { forwardDate: true });`;
}

const work = mkdtempSync(join(tmpdir(), 'daybook-quick-add-size-'));
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
    resolve: { alias },
    build: { outDir: join(dir, 'dist'), minify: true, rollupOptions: { input: join(dir, 'entry.js') } },
  });
  const assets = join(dir, 'dist', 'assets');
  const files = readdirSync(assets).filter((f) => f.endsWith('.js'));
  const bytes = Buffer.concat(files.map((f) => readFileSync(join(assets, f))));
  console.log(`| ${name} | ${kb(bytes.length)} | ${kb(gzipSync(bytes, { level: 9 }).length)} |`);
}
