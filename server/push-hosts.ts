// The push hosts this server allows, written where push_subscribe reads them
// (daybook_private.push_hosts): the schema's defaults stay; PUSH_HOSTS and, in tests only, the
// fake push service's origin are this server's 'config' rows, remade at each start so a host
// taken out of PUSH_HOSTS is refused again.
import type { Db } from './db.ts';

export async function writePushHosts(db: Db, hosts: readonly string[], testOrigin: string | null): Promise<void> {
  const rows: [string, string, number | null][] = hosts.map((h) => [h, 'https', null]);
  if (testOrigin) {
    const u = new URL(testOrigin);
    rows.push([u.hostname, 'http', Number(u.port)]);
  }
  await db.tx(async (q) => {
    await q.query(`delete from daybook_private.push_hosts where source = 'config'`);
    if (rows.length) {
      await q.query(
        `insert into daybook_private.push_hosts (host, scheme, port, source)
         select * , 'config' from unnest($1::text[], $2::text[], $3::int[]) on conflict do nothing`,
        [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2])],
      );
    }
  });
}
