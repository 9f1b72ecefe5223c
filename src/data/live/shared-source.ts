// A live source shared by every reader (useSharedLive's queries, the open counts): the first
// reader starts it, the last one to go stops it and clears what it held, so a later reader starts
// from "loading", never from a stale value.
export interface SharedSource {
  listeners: Set<() => void>;
  stop: (() => void) | null;
}

export function joinSource(source: SharedSource, onChange: () => void, start: () => () => void, clear: () => void): () => void {
  source.listeners.add(onChange);
  source.stop ??= start();
  return () => {
    source.listeners.delete(onChange);
    if (source.listeners.size > 0) return;
    source.stop?.();
    source.stop = null;
    clear();
  };
}

export function notifyAll(source: SharedSource): void {
  for (const listener of source.listeners) listener();
}
