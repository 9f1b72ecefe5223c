// Makes remembered formats' strings off the page's thread (./format-memory.ts): the first Intl
// formatter a thread makes starts ICU, a long task the start's main thread should not carry.
import type { FormatRequest } from './format-memory';
import { formatterFor } from './format-spec';

addEventListener('message', (event: MessageEvent<{ id: number; requests: FormatRequest[] }>) => {
  const { id, requests } = event.data;
  const pairs: [string, string][] = [];
  for (const { kind, spec, keys } of requests) {
    const format = formatterFor(spec);
    for (const key of keys) pairs.push([`${kind}|${key}`, format(key)]);
  }
  postMessage({ id, pairs });
});
