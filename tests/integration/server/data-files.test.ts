// The server's files are its own (SPEC §15): the embedded database folder and keys.json hold
// password hashes, refresh tokens and the signing keys, so nothing under the data folder is
// readable or writable by the group or others — on a fresh folder, and on one an older version
// left open.
import { chmodSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDaybookServer } from '../../../server/index';

function walk(path: string, out: { path: string; mode: number }[] = []) {
  const st = lstatSync(path);
  out.push({ path, mode: st.mode & 0o777 });
  if (st.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name), out);
  return out;
}
const open = (entries: { path: string; mode: number }[]) => entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.path} ${e.mode.toString(8)}`);

describe('the data folder (PGlite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'daybook-files-'));
  const dataDir = join(dir, 'data');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = () => createDaybookServer({ port: 0, dataDir, distDir: 'dist', pushSender: false, passwordHashCost: 10 });

  it('is the server user’s alone: directories 0700, files 0600, also where an older version left them open', async () => {
    const server = await start();
    const running = walk(dataDir);
    await server.close();
    expect(running.length).toBeGreaterThan(100);
    expect(open(running)).toEqual([]);
    expect(open(walk(dataDir))).toEqual([]);
    expect(running.find((e) => e.path.endsWith('keys.json'))?.mode).toBe(0o600);

    // as an older version left it: every file 0666, every folder 0777
    for (const e of walk(dataDir)) chmodSync(e.path, lstatSync(e.path).isDirectory() ? 0o777 : 0o666);
    const again = await start();
    const afterStart = walk(dataDir);
    await again.close();
    expect(open(afterStart)).toEqual([]);
  });
});
