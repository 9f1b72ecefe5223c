// Ids are made on the client (SPEC §3) so a record exists before the server has seen it.
export function newId(): string {
  return crypto.randomUUID();
}

export function nowIso(): string {
  return new Date().toISOString();
}
