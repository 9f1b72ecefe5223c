// Ids are made on the client (SPEC §3) so a record exists before the server has seen it.
export function newId(): string {
  return crypto.randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The form the server accepts for every id (its arg_uuid check): 8-4-4-4-12 hex digits. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
