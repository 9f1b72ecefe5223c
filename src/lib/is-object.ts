/** A plain JSON object (not null, not an array): what untrusted input must be before reading its fields. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
