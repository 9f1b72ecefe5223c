// The client's address for the per-address limits (SPEC §16 "Behind a proxy"). Without
// DAYBOOK_TRUSTED_PROXIES it is the socket's: a forwarded header anyone can write proves nothing.
// With it, X-Forwarded-For is read from the right, skipping the trusted proxies' own entries: the
// first address no trusted proxy would have written is the one that reached them.
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

export type TrustedProxies = BlockList | null;

/** `::ffff:1.2.3.4` is 1.2.3.4: Node reports IPv4 clients of a dual-stack socket that way. */
const plain = (a: string) => (a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a);

const family = (a: string) => (isIP(a) === 6 ? 'ipv6' : 'ipv4');

/** Parses `10.0.0.1, 10.1.0.0/16, ::1`; throws with the offending entry. Empty: null (trust none). */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
  const entries = (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [addr = '', bits, extra] = entry.split('/');
    const address = plain(addr);
    const kind = isIP(address);
    const prefix = bits === undefined ? null : Number(bits);
    const max = kind === 6 ? 128 : 32;
    if (!kind || extra !== undefined || (prefix !== null && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= max && bits !== ''))) {
      throw new Error(`DAYBOOK_TRUSTED_PROXIES: "${entry}" is not an address or a CIDR block (e.g. 10.0.0.1 or 10.0.0.0/8)`);
    }
    if (prefix === null) list.addAddress(address, family(address));
    else list.addSubnet(address, prefix, family(address));
  }
  return list;
}

const trusts = (proxies: BlockList, a: string) => isIP(a) !== 0 && proxies.check(a, family(a));

export function socketAddress(req: IncomingMessage): string {
  return plain(req.socket.remoteAddress ?? 'unknown');
}

/** The address a request came from, as the limits count it. */
export function clientAddress(req: IncomingMessage, proxies: TrustedProxies = null): string {
  const socket = socketAddress(req);
  if (!proxies || !trusts(proxies, socket)) return socket;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((s) => plain(s.trim()))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!trusts(proxies, hop)) return hop;
  }
  // every hop a trusted proxy: the left-most is the nearest we know of the client
  return hops[0] ?? socket;
}

/** 127.0.0.0/8 or ::1 (IPv4-mapped too). */
export function isLoopback(address: string): boolean {
  const a = plain(address);
  return a === '::1' || (isIP(a) === 4 && a.startsWith('127.'));
}
