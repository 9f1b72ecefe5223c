// CLI: `npx tsx server/main.ts` — env PORT, HOST, DAYBOOK_DATA, DATABASE_URL, DAYBOOK_DIST.
import { createDaybookServer } from './index.ts';

const port = Number(process.env.PORT ?? 4173);
try {
  const server = await createDaybookServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DAYBOOK_DATA ?? '.daybook',
    distDir: process.env.DAYBOOK_DIST ?? 'dist',
  });
  console.log(`Daybook is running at ${server.url}`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down…`);
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  const e = err as NodeJS.ErrnoException;
  if (e.code === 'EADDRINUSE') {
    console.error(`Port ${port} is already in use. Stop the other program or choose another port, e.g. PORT=${port + 1} npm start`);
  } else {
    console.error('Daybook server failed to start:', e.message ?? e);
  }
  process.exit(1);
}
