// Request bodies as JSON, with a bound on nesting: JSON.parse copes with 5,000 levels but
// JSON.stringify (which the handlers use to pass JSON on to Postgres) overflows the stack, and
// Postgres' jsonb input recurses too. No request of this API needs more than a handful of levels.

export const MAX_JSON_DEPTH = 64;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

/** Whether arrays/objects nest deeper than `limit`, found by a scan that keeps no stack. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parses a request body; an empty body is `{}`. */
export function parseJsonBody(text: string): ParsedJson {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    return { ok: false, message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels` };
  }
  try {
    return { ok: true, value: text.trim() === '' ? {} : JSON.parse(text) };
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
}

/** A JSON object's own fields, or null when the value is anything else. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
