// Every request gets a deadline (SPEC §7: 15 s; fetch has none by default). A request that runs
// out is aborted with a TimeoutError, which the transport tells apart from a lost network.
export const REQUEST_TIMEOUT_MS = 15_000;

export function timeoutFetch(base: typeof fetch, timeoutMs = REQUEST_TIMEOUT_MS): typeof fetch {
  return (input, init = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`Request timed out after ${timeoutMs / 1000} s`, 'TimeoutError')),
      timeoutMs,
    );
    const outer = init.signal;
    const onOuterAbort = () => controller.abort(outer?.reason);
    if (outer?.aborted) onOuterAbort();
    else outer?.addEventListener('abort', onOuterAbort, { once: true });
    return base(input, { ...init, signal: controller.signal }).finally(() => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    });
  };
}

/** True for the error a timeoutFetch deadline produces (also as postgrest-js reports it). */
export function isTimeoutMessage(message: string): boolean {
  return /^TimeoutError\b/.test(message) || /timed out/i.test(message);
}
