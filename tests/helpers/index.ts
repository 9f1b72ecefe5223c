// The test helpers that code outside tests/ may use (bench/ imports them from here, and only from
// here): starting a test server, signing users up, raw pushes and pulls, a connected device, the
// fake push service and the Chromium the e2e suite drives. Everything else in tests/ may change
// with the tests that use it.
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
export { checkVapid, decrypt, type FakePushService, type PushSubscriptionJson, type Sub as FakePushKeys, startFakePushService } from './fake-push-service.ts';
export { postAuth } from './raw-http.ts';
export { freshDatabase, type ServerProcess, startServerProcess } from './server-process.ts';
export { type ServerKind, signUpUser, startTestServer, type TestServer, type TestServerOptions, type TestUser } from './server.ts';
export { acceptInvitations, listCreate, newId, pull, push, pushOk, type RawMutation, taskCreate } from './server-sync.ts';
export { connectDevice } from './sync-device.ts';
export { type ServedFunction, serveFunction } from './deno.ts';
