// Server-side error logging that never prints query parameters. Database errors carry the SQL
// and its parameters as own properties (PGlite adds `params`, which held password hashes and
// user data), and console.error(err) prints every own property: so only named fields go out.

const SAFE_FIELDS = ['code', 'detail', 'hint', 'where', 'routine'] as const;
// a message or detail can quote what was sent (a unique key's value): a log line stays a line
const MAX_FIELD = 500;
const clip = (s: string) => (s.length > MAX_FIELD ? `${s.slice(0, MAX_FIELD)}… (${s.length} chars)` : s);

/** One line (plus the stack) with what helps an operator and nothing a caller sent. */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return typeof err === 'string' ? err : 'a non-Error value was thrown';
  const e = err as Error & Record<string, unknown>;
  const parts = [`${e.name}: ${clip(e.message)}`];
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' && value !== '') parts.push(`${field}=${clip(value)}`);
  }
  // the stack's first line repeats the message; the frames are ours to read, never a client's
  const frames = (e.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  return [parts.join(' · '), ...frames].join('\n');
}

export function logError(context: string, err: unknown): void {
  console.error(`${context}: ${describeError(err)}`);
}
