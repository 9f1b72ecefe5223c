// The start's format helper (deferFormats): a worker making the strings with its own ICU, so the
// page's thread makes no Intl formatter before its first screen is up. Ended with the deferral.
import type { FormatHelper } from './format-memory';

export function formatWorker(): { ask: FormatHelper; close: () => void } {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, (pairs: [string, string][]) => void>();
  const failAll = () => {
    for (const resolve of waiting.values()) resolve([]);
    waiting.clear();
  };
  const ask: FormatHelper = (requests) =>
    new Promise((resolve) => {
      try {
        if (!worker) {
          worker = new Worker(new URL('./format-worker.ts', import.meta.url), { type: 'module' });
          worker.addEventListener('message', (event: MessageEvent<{ id: number; pairs: [string, string][] }>) => {
            waiting.get(event.data.id)?.(event.data.pairs);
            waiting.delete(event.data.id);
          });
          // No worker (refused, failed to load): no answers, and the page formats for itself.
          worker.addEventListener('error', failAll);
        }
        const id = next++;
        waiting.set(id, resolve);
        worker.postMessage({ id, requests });
      } catch {
        resolve([]);
      }
    });
  return {
    ask,
    close: () => {
      worker?.terminate();
      worker = null;
      failAll();
    },
  };
}
