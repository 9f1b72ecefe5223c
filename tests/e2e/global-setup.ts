// Builds the "next version" (build B) for the update test from the same source as build A,
// differing only in its build id — which changes the app chunk, index.html and so sw.js.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { BUILD_B_ID, DIST_A, DIST_B } from './support/env';

export default function globalSetup() {
  if (!existsSync(`${DIST_A}/index.html`) || !existsSync(`${DIST_A}/sw.js`)) {
    throw new Error(`No build at ${DIST_A}: run \`npx vite build\` first (or set E2E_DIST to a build folder).`);
  }
  const res = spawnSync('node_modules/.bin/vite', ['build', '--outDir', DIST_B, '--emptyOutDir', '--logLevel', 'warn'], {
    encoding: 'utf8',
    env: { ...process.env, DAYBOOK_BUILD_ID: BUILD_B_ID },
  });
  if (res.status !== 0) {
    throw new Error(`Building ${DIST_B} failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
}
