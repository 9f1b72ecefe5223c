// Deno, pinned from npm (node_modules/.bin/deno), for the tests that run the Edge Functions under
// their own runtime. Nothing is downloaded: `--cached-only` with `--node-modules-dir=manual`
// resolves the functions' packages from the installed node_modules (the root package.json pins
// the versions the functions' deno.json files name; a test keeps the two equal). Its cache is a
// directory of the test run's own.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
export const OFFLINE = ['--cached-only', '--node-modules-dir=manual'];

let denoDir: string | undefined;
/** The environment every deno child gets: its own cache, no update check, no colours. */
export function denoEnv(extra: Record<string, string> = {}): Record<string, string> {
  denoDir ??= mkdtempSync(join(tmpdir(), 'daybook-deno-'));
  return { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...extra };
}

/** Runs deno to the end; rejects with its output when it fails. */
export function deno(args: string[], extraEnv: Record<string, string> = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(DENO, args, { cwd: ROOT, env: denoEnv(extraEnv), maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`deno ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

export interface ServedFunction {
  url: string;
  /** The deno process (its CPU time is in /proc/<pid>/stat). */
  pid: number;
  /** What the function wrote to stdout and stderr so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Serves supabase/functions/<name>/index.ts with `deno run` on a free loopback port (Deno.serve's
 * address from DENO_SERVE_ADDRESS), with the permissions a hosted function has: net, env, read.
 */
export async function serveFunction(name: string, env: Record<string, string>, flags: string[] = []): Promise<ServedFunction> {
  const child: ChildProcess = spawn(
    DENO,
    ['run', ...OFFLINE, '--allow-net', '--allow-env', '--allow-read', ...flags, `supabase/functions/${name}/index.ts`],
    { cwd: ROOT, env: denoEnv({ ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' }), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno did not serve ${name} within 60 s:\n${out}`)), 60_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`deno exited (${code}) before serving ${name}:\n${out}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => out,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
