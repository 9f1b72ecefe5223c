// End-to-end tests in real Chromium against the whole product: the built app served by the real
// server (server/main.ts: static files, auth, RPCs over PGlite). `npm test` builds dist/ first.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/support/chromium';
import { DIST_A, MAIN_DATA, MAIN_PORT, MAIN_URL, PUSH_ORIGIN, UPDATE_DIR, UPDATE_PORT, UPDATE_SERVED, UPDATE_URL } from './tests/e2e/support/env';

const server = (port: number, dist: string, data: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DAYBOOK_DIST: dist,
  DAYBOOK_DATA: data,
  // PGlite in a fresh folder per run: the e2e tests never depend on an outside database.
  DATABASE_URL: '',
  // Mail stays in the dev mailbox (/_dev/mail), where the tests read it, whatever the shell says.
  SMTP_URL: '',
  // Every test signs its people up from 127.0.0.1: more than the 30 an hour one address may.
  DAYBOOK_SIGNUPS_PER_ADDRESS: '1000',
  // The notification push test's fake push service (only that test listens there).
  DAYBOOK_TEST_PUSH_ORIGIN: PUSH_ORIGIN,
});

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  // The machines have 2 cores; each worker drives one Chromium.
  workers: 2,
  // Flakes get fixed, not retried.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: MAIN_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      command: `rm -rf "${MAIN_DATA}" && exec node --import tsx server/main.ts`,
      url: `${MAIN_URL}/config.json`,
      env: server(MAIN_PORT, DIST_A, MAIN_DATA),
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The update test swaps the symlink from build A to build B while this server runs.
      command: `rm -rf "${UPDATE_DIR}" && mkdir -p "${UPDATE_DIR}" && ln -s "${DIST_A}" "${UPDATE_SERVED}" && exec node --import tsx server/main.ts`,
      url: `${UPDATE_URL}/config.json`,
      env: server(UPDATE_PORT, UPDATE_SERVED, `${UPDATE_DIR}/data`),
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
