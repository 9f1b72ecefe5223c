// Where the e2e servers run and what they serve; shared by playwright.config.ts, the global
// setup and the tests. E2E_PORT moves both servers (PORT and PORT + 1) and the fake push service
// (PORT + 2), E2E_DIST picks build A.
import { resolve } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 4311);

/** Build A: the app under test (what `npm test` builds with DAYBOOK_BUILD_ID=test-a). */
export const DIST_A = resolve(process.env.E2E_DIST ?? 'dist');
/** Build B: the same source built as the "next version" for the update test. */
export const DIST_B = resolve(process.env.E2E_DIST_B ?? '.tmp/dist-b');
export const BUILD_B_ID = 'test-b';

/** The server every test uses. */
export const MAIN_PORT = port;
export const MAIN_URL = `http://127.0.0.1:${port}`;
export const MAIN_DATA = resolve(`.tmp/e2e-data-${port}`);

/**
 * Where the notification push test runs its fake push service (tests/helpers/fake-push-service.ts):
 * the main server is told this origin (DAYBOOK_TEST_PUSH_ORIGIN), so subscriptions may name it and
 * its own sender pushes there.
 */
export const PUSH_PORT = port + 2;
export const PUSH_ORIGIN = `http://127.0.0.1:${PUSH_PORT}`;

/** A second server for the update test, serving whatever the symlink UPDATE_SERVED points at. */
export const UPDATE_PORT = port + 1;
export const UPDATE_URL = `http://127.0.0.1:${UPDATE_PORT}`;
export const UPDATE_DIR = resolve(`.tmp/e2e-update-${UPDATE_PORT}`);
export const UPDATE_SERVED = `${UPDATE_DIR}/served`;
