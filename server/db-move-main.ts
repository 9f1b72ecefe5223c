// CLI: `npm run db:move -- <postgres url>` — copies the embedded database in DAYBOOK_DATA
// (default .daybook/) into an empty PostgreSQL (server/db-move.ts). Stop `npm start` first:
// the embedded database must not change while it is copied.
import { describeError } from './log.ts';
import { MoveRefusedError, moveDatabase, safeUrl } from './db-move.ts';

const url = process.argv[2];
if (!url || !/^postgres(ql)?:\/\//.test(url)) {
  console.error('Usage: npm run db:move -- postgres://user:password@host:5432/database\n(copies the embedded database in DAYBOOK_DATA, default .daybook/, into that empty database)');
  process.exit(2);
}
const dataDir = process.env.DAYBOOK_DATA ?? '.daybook';
try {
  console.log(`Moving the embedded database in ${dataDir} to ${safeUrl(url)}…`);
  const report = await moveDatabase({ dataDir, targetUrl: url, log: (line) => console.log(line) });
  const rows = report.tables.reduce((n, [, count]) => n + count, 0);
  console.log(`Copied ${rows} rows in ${report.tables.length} tables and ${report.sequences} sequence positions.`);
  console.log(
    report.keys
      ? 'The keys went along: sessions, devices and push subscriptions carry on.'
      : `No keys.json in ${dataDir}: the server makes new keys, and everyone signs in again.`,
  );
  console.log(`Now serve it with DATABASE_URL=<the same URL> npm start (${dataDir} is left as it was).`);
} catch (err) {
  console.error(err instanceof MoveRefusedError ? err.message : `db:move failed, and the target was left without data: ${describeError(err)}`);
  process.exit(1);
}
