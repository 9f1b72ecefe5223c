// A Daybook server in a process of its own, for tests of several processes on one database
// (server-process.ts starts it). Options come as JSON in DAYBOOK_TEST_SERVER; once it serves,
// it prints one line `ready <json>` with what a test needs; SIGTERM closes it.
import { createDaybookServer, type DaybookServerOptions } from '../../server/index.ts';

const opts = JSON.parse(process.env.DAYBOOK_TEST_SERVER ?? '{}') as DaybookServerOptions;
const server = await createDaybookServer({ ...opts, port: 0 });
process.stdout.write(`ready ${JSON.stringify({ url: server.url, anonKey: server.anonKey, jwtSecret: server.jwtSecret, vapidPublicKey: server.vapidPublicKey })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
