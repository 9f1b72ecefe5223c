// Response headers that keep the app's pages to their own code and the browser from guessing
// types. The same policy belongs on a hosted deploy's static host (supabase/README.md).

/** On every response, API included. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** API answers are data, never a document to render or frame. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The app's pages (and the service worker script, whose own policy governs its fetches).
 * Scripts only from this origin (the build has no inline script); styles also inline, since
 * React style attributes and react-hot-toast's injected <style> need it; the backend, which
 * may be another origin, over http(s) and its ws(s) form for Realtime.
 */
export function pageCsp(backendUrl: string): string {
  const backend = new URL(backendUrl).origin;
  const socket = backend.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${backend} ${socket}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}
