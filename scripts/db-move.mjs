// `npm run db:move -- <postgres url>`: install what is missing, then copy the embedded database
// into that PostgreSQL (server/db-move-main.ts). Signals reach the child.
import { spawn } from 'node:child_process';
import { ensureNodeModules } from './ensure.mjs';

ensureNodeModules();
const child = spawn(process.execPath, ['--import', 'tsx', 'server/db-move-main.ts', ...process.argv.slice(2)], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 1));
