// Plain HTTP for tests that need what fetch will not do: send from another loopback address
// (127.0.0.2, … all reach the server on Linux, so per-address limits can be told apart) or
// set the Host header.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The local address to send from, e.g. '127.0.0.2'. */
  from?: string;
}

export function rawRequest(url: string, opts: RawOptions = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers, localAddress: opts.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** POSTs JSON to the stand-in's auth API with the anon key, from `from` if given. */
export function postAuth(srv: { url: string; anonKey: string }, path: string, body: unknown, from?: string): Promise<RawAnswer> {
  return rawRequest(`${srv.url}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    from,
  });
}
