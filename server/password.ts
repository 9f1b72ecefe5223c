// Password hashes: scrypt at OWASP's parameters (N=2^17, r=8, p=1), kept as a PHC string
// `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` so the parameters travel with the hash and a change of
// cost upgrades old hashes at their owner's next sign-in. The first format, `scrypt$<salt>$<hash>`,
// used Node's defaults (N=2^14, r=8, p=1).
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/** log2 of scrypt's N for new hashes: OWASP's minimum for scrypt (128 MiB, ~0.36 s here). */
export const DEFAULT_HASH_COST = 17;

interface Params {
  ln: number;
  r: number;
  p: number;
}

const KEY_LEN = 32;
const LEGACY: Params = { ln: 14, r: 8, p: 1 };
// a stored hash is data: a tampered row must not make us allocate gigabytes
const MAX_LN = 20;

/** How many scrypt runs this process made: lets a test see that every path pays for one. */
export const passwordHashStats = { runs: 0 };

// Each run holds 128·N·r bytes (128 MiB at the default) and a core for ~0.36 s: at most two at
// once (the machines have two cores), the rest queue, so a burst cannot exhaust memory.
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, params: Params, keyLen: number): Promise<Buffer> {
  if (running >= MAX_PARALLEL) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    passwordHashStats.runs++;
    const N = 2 ** params.ln;
    // Node refuses anything over maxmem (32 MiB by default), which N=2^17 needs four times over
    const maxmem = 2 * 128 * N * params.r * params.p;
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(password, salt, keyLen, { N, r: params.r, p: params.p, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function parse(stored: string | null): { params: Params; salt: Buffer; hash: Buffer } | null {
  const parts = (stored ?? '').split('$');
  if (parts.length === 3 && parts[0] === 'scrypt' && parts[1] && parts[2]) {
    return { params: LEGACY, salt: Buffer.from(parts[1], 'base64'), hash: Buffer.from(parts[2], 'base64') };
  }
  const m = /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[2] ?? '');
  if (parts.length !== 5 || parts[0] !== '' || parts[1] !== 'scrypt' || !m || !parts[3] || !parts[4]) return null;
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.p < 1) return null;
  return { params, salt: Buffer.from(parts[3], 'base64'), hash: Buffer.from(parts[4], 'base64') };
}

export class Passwords {
  private readonly params: Params;

  /** `cost`: log2 N for new hashes; tests lower it, since every sign-up pays for one. */
  constructor(cost: number = DEFAULT_HASH_COST) {
    if (!Number.isInteger(cost) || cost < 1 || cost > MAX_LN) throw new Error(`passwordHashCost must be an integer 1..${MAX_LN}`);
    this.params = { ln: cost, r: 8, p: 1 };
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, this.params, KEY_LEN);
    const { ln, r, p } = this.params;
    return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
  }

  /** `rehash`: the password was right and its hash was made with other parameters than today's. */
  async verify(password: string, stored: string | null): Promise<{ ok: boolean; rehash: boolean }> {
    const parsed = parse(stored);
    if (!parsed || parsed.hash.length < 16) {
      await this.verifyNobody(password);
      return { ok: false, rehash: false };
    }
    const key = await scrypt(password, parsed.salt, parsed.params, parsed.hash.length);
    const ok = timingSafeEqual(key, parsed.hash);
    const { ln, r, p } = parsed.params;
    return { ok, rehash: ok && (ln !== this.params.ln || r !== this.params.r || p !== this.params.p) };
  }

  /**
   * An unknown account (or a user with no password) costs what a wrong password costs, so the
   * answer's timing does not tell which e-mails have accounts.
   */
  async verifyNobody(password: string): Promise<false> {
    await scrypt(password, randomBytes(16), this.params, KEY_LEN);
    return false;
  }
}
