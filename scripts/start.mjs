// `npm start`: install what is missing, build the app, then serve it with the local
// Supabase stand-in (server/main.ts) on PORT (default 4173). Signals reach the child.
import { spawn, spawnSync } from 'node:child_process';
import { ensureNodeModules } from './ensure.mjs';

ensureNodeModules();
const build = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
