// Long runs of the sync property test (tests/property/sync.property.test.ts): chunks of
// CHUNK_RUNS runs (default 1000), each a fresh vitest process with its own seed (SEED, SEED+1, …),
// until at least STEPS generated steps (default 100,000) have run in passing runs. Prints the
// seed first and the step and fault counts at the end; a failing chunk stops the script and
// prints how to replay it: its seed (a run started with that SEED and the same CHUNK_RUNS
// begins with that very chunk), and fast-check's path of the shrunk case (PROPERTY_PATH runs
// that one case and nothing else).
//   node scripts/property-long.mjs                            # ≥ 100,000 steps, random seed
//   STEPS=20000 SEED=123 node scripts/property-long.mjs       # fewer steps, a chosen seed
//   SEED=… CHUNK_RUNS=… PROPERTY_PATH=… node scripts/property-long.mjs   # the shrunk case only
// Other settings pass through (AGE_REFUSALS=1, DEBUG_PROPERTY=1).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const STEPS = Number(process.env.STEPS ?? 100_000);
const CHUNK_RUNS = Number(process.env.CHUNK_RUNS ?? process.env.NUM_RUNS ?? 1000);
const SEED = Number(process.env.SEED ?? Math.floor(Math.random() * 0x7fffffff));
const PATH = process.env.PROPERTY_PATH;
const TEST = 'tests/property/sync.property.test.ts';

const dir = mkdtempSync(join(tmpdir(), 'daybook-property-'));
const statsFile = join(dir, 'stats.jsonl');
const started = Date.now();
const minutes = () => ((Date.now() - started) / 60_000).toFixed(1);

/** Runs one chunk; resolves with its counts, or null (after printing how to replay) when it failed. */
function chunk(seed, numRuns, path) {
  const env = { ...process.env, SEED: String(seed), NUM_RUNS: String(numRuns), PROPERTY_STATS_FILE: statsFile };
  if (path) env.PROPERTY_PATH = path;
  else delete env.PROPERTY_PATH;
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/vitest', ['run', '--project', 'property', TEST], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const tee = (to) => (data) => {
      output += data;
      to.write(data);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => {
      const lines = (() => {
        try {
          return readFileSync(statsFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
        } catch {
          return [];
        }
      })();
      const mine = lines.filter((l) => l.seed === seed).at(-1);
      if (code === 0 && mine?.passed) return resolve(mine);
      // fast-check's report names the shrunk case's path: { seed: …, path: "…", endOnFailure: true }
      const shrunk = /path: "([^"]+)"/.exec(stripVTControlCharacters(output))?.[1];
      console.error(`\nproperty-long: FAILED after ${minutes()} min in the chunk with seed ${seed}.`);
      console.error(`  replay the chunk:       SEED=${seed} CHUNK_RUNS=${numRuns} node scripts/property-long.mjs`);
      if (shrunk) console.error(`  replay the shrunk case: SEED=${seed} CHUNK_RUNS=${numRuns} PROPERTY_PATH=${shrunk} node scripts/property-long.mjs`);
      resolve(null);
    });
  });
}

function add(total, counts) {
  for (const [k, v] of Object.entries(counts)) if (typeof v === 'number' && !['seed', 'numRuns'].includes(k)) total[k] = (total[k] ?? 0) + v;
}

let ok = true;
try {
  if (PATH) {
    console.log(`property-long: the case SEED=${SEED} PROPERTY_PATH=${PATH} only`);
    ok = (await chunk(SEED, CHUNK_RUNS, PATH)) !== null;
  } else {
    console.log(`property-long: SEED=${SEED}, until ${STEPS} steps, chunks of ${CHUNK_RUNS} runs (seeds ${SEED}, ${SEED + 1}, …)`);
    const total = {};
    for (let i = 0; (total.steps ?? 0) < STEPS; i++) {
      const seed = (SEED + i) % 0x7fffffff;
      console.log(`property-long: chunk ${i + 1}, seed ${seed}, ${total.steps ?? 0} steps so far, ${minutes()} min`);
      const counts = await chunk(seed, CHUNK_RUNS);
      if (!counts) {
        ok = false;
        break;
      }
      add(total, counts);
    }
    if (ok) console.log(`\nproperty-long: passed. SEED=${SEED}, ${minutes()} min, ${JSON.stringify(total)}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
