// Long runs of the sync property test: NUM_RUNS (default 2000) and SEED (default random) are
// passed through; a failure prints the seed and the shrunk counterexample to replay it.
//   NUM_RUNS=5000 node scripts/property-long.mjs
//   SEED=123456 NUM_RUNS=200 node scripts/property-long.mjs
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NUM_RUNS: process.env.NUM_RUNS ?? '2000' };
env.SEED ??= String(Math.floor(Math.random() * 0x7fffffff));
console.log(`sync property: NUM_RUNS=${env.NUM_RUNS} SEED=${env.SEED}`);
const res = spawnSync('node_modules/.bin/vitest', ['run', '--project', 'property', 'tests/property/sync.property.test.ts'], { stdio: 'inherit', env });
process.exit(res.status ?? 1);
