// A send thread of the reminder sender (push-pool.ts starts them): it encrypts a push (web-push,
// aes128gcm), sends it over a kept-alive connection with node:http(s) and answers the push
// service's status, so the server's own thread keeps only the claims and the records. Plain
// JavaScript, so it runs as it is under `node --import tsx` (npm start), tsx and Vitest alike.
// The request follows no redirect (node:http never does) and is cut off at the push's time
// limit, answer included: status null, as fetch's timeout is in the in-thread sender.
import http from 'node:http';
import https from 'node:https';
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * @param {Parameters<typeof webpush.generateRequestDetails>} args what the sender's thread made
 *   with push-deliver.ts's pushRequestArgs, so both paths encrypt the same request
 * @param {string} endpoint
 * @param {number} timeoutMs
 */
function send(args, endpoint, timeoutMs) {
  let req;
  try {
    req = webpush.generateRequestDetails(...args);
  } catch (err) {
    return Promise.resolve({ encryptionFailed: err instanceof Error ? err.message : String(err) });
  }
  return new Promise((resolve) => {
    let done = false;
    const finish = (/** @type {number | null} */ status) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve({ status });
    };
    const timer = setTimeout(() => {
      request?.destroy();
      finish(null);
    }, timeoutMs);
    /** @type {http.ClientRequest | undefined} */
    let request;
    try {
      const url = new URL(endpoint);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const lib = url.protocol === 'https:' ? https : http;
      request = lib.request(url, { method: 'POST', headers, agent: agents[url.protocol] }, (res) => {
        res.on('error', () => finish(null));
        res.on('end', () => finish(res.statusCode ?? null));
        res.resume();
      });
      request.on('error', () => finish(null));
      request.end(req.body);
    } catch {
      finish(null);
    }
  });
}

parentPort?.on('message', (/** @type {{ id: number, args: Parameters<typeof send>[0], endpoint: string, timeoutMs: number }} */ m) => {
  send(m.args, m.endpoint, m.timeoutMs).then((result) => parentPort?.postMessage({ id: m.id, result }));
});
