// HS256 JSON Web Tokens, as GoTrue issues and PostgREST verifies them.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Claims = Record<string, unknown> & { sub?: string; role?: string; exp?: number };

const b64url = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');

export function signJwt(claims: Claims, secret: string): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyJwt(token: string, secret: string, nowSeconds = Date.now() / 1000): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [head, body, sig] = parts as [string, string, string];
  const want = createHmac('sha256', secret).update(`${head}.${body}`).digest();
  const got = Buffer.from(sig, 'base64url');
  if (got.length !== want.length || !timingSafeEqual(got, want)) return { ok: false, reason: 'invalid' };
  let claims: Claims;
  try {
    const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
    if (header.alg !== 'HS256') return { ok: false, reason: 'invalid' };
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (typeof claims !== 'object' || claims === null) return { ok: false, reason: 'invalid' };
  if (typeof claims.exp === 'number' && claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
