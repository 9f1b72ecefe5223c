// DAYBOOK_TRUSTED_PROXIES (SPEC §16 "Behind a proxy") and the loopback check of the dev mailbox.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, isLoopback, parseTrustedProxies } from '../../../server/client-address.ts';

const req = (socket: string, xff?: string | string[]) =>
  ({ socket: { remoteAddress: socket }, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } }) as unknown as IncomingMessage;

describe('client address', () => {
  it('without trusted proxies is the socket’s, whatever X-Forwarded-For says', () => {
    expect(clientAddress(req('::ffff:10.0.0.5', '203.0.113.1'))).toBe('10.0.0.5');
    expect(clientAddress(req('10.0.0.5', '203.0.113.1'), null)).toBe('10.0.0.5');
  });

  it('from a trusted proxy is the right-most entry no trusted proxy wrote', () => {
    const proxies = parseTrustedProxies('10.0.0.0/8, 192.0.2.10');
    expect(clientAddress(req('10.0.0.5', '198.51.100.1, 203.0.113.7, 192.0.2.10'), proxies)).toBe('203.0.113.7');
    expect(clientAddress(req('10.0.0.5', ['198.51.100.1', '203.0.113.7']), proxies)).toBe('203.0.113.7');
    // every hop trusted: the left-most
    expect(clientAddress(req('10.0.0.5', '10.1.1.1, 10.2.2.2'), proxies)).toBe('10.1.1.1');
    // no header: the proxy itself
    expect(clientAddress(req('10.0.0.5'), proxies)).toBe('10.0.0.5');
  });

  it('from a socket that is not a trusted proxy ignores the header', () => {
    const proxies = parseTrustedProxies('10.0.0.0/8');
    expect(clientAddress(req('203.0.113.50', '198.51.100.1'), proxies)).toBe('203.0.113.50');
  });

  it('takes IPv6 addresses and blocks', () => {
    const proxies = parseTrustedProxies('fd00::/8');
    expect(clientAddress(req('fd00::1', '2001:db8::7, fd12::3'), proxies)).toBe('2001:db8::7');
  });

  it('refuses what is not an address or a block, naming it', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/proxy\.local/);
    expect(parseTrustedProxies(' , ')).toBeNull();
  });

  it('knows loopback', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('127.8.0.2')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
    expect(isLoopback('::ffff:10.0.0.1')).toBe(false);
  });
});
