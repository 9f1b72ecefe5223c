// Accounts in e2e tests, through the UI the way a person does it (SPEC §10 names): a fresh user
// per test (unique e-mail, so tests can share one server), signing in, and waiting for sync.
import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page, type Route } from '@playwright/test';

export const PASSWORD = 'correct-horse-battery';

export interface Credentials {
  email: string;
  password: string;
}

/** An e-mail no other test (or earlier run against the same server) has used. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Signing in needs the server, and the first sync may wait behind a busy machine. */
const SIGN_IN_TIMEOUT = 20_000;

async function submit(page: Page, { email, password }: Credentials, button: 'Sign in' | 'Create account') {
  if (!new URL(page.url()).pathname.startsWith('/sign-in')) await page.goto('/sign-in');
  const emailBox = page.getByRole('textbox', { name: 'Email' });
  await emailBox.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/today$/, { timeout: SIGN_IN_TIMEOUT });
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
}

/** Creates an account through /sign-in ("Create account") and waits until it has synced once. */
export async function signUp(page: Page, credentials: Partial<Credentials> = {}): Promise<Credentials> {
  const account = { email: credentials.email ?? uniqueEmail(), password: credentials.password ?? PASSWORD };
  await submit(page, account, 'Create account');
  await waitForSynced(page);
  return account;
}

/** Signs in through /sign-in and waits until it has synced once. */
export async function signIn(page: Page, account: Credentials): Promise<void> {
  await submit(page, account, 'Sign in');
  await waitForSynced(page);
}

/** The sync indicator (SPEC §10): a status named "Offline", "Syncing", "Synced", "N changes waiting", or "Local only". */
export function syncIndicator(page: Page, name: string | RegExp): Locator {
  return page.getByRole('status', { name, exact: typeof name === 'string' ? true : undefined });
}

/** Waits for "Synced": nothing queued and the last run succeeded. */
export async function waitForSynced(page: Page, timeout = SIGN_IN_TIMEOUT): Promise<void> {
  await expect(syncIndicator(page, 'Synced')).toBeVisible({ timeout });
}

/**
 * Syncs now from the sync centre ("Sync now") and comes back: a second device sees the other's
 * changes without waiting for its 60 s periodic run.
 */
export async function syncNow(page: Page): Promise<void> {
  const back = page.url();
  await page.getByRole('link', { name: 'Sync', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sync' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Sync now' });
  await button.click();
  // The button is busy while the run lasts; then the state says how it ended.
  await expect(button).not.toHaveAttribute('aria-disabled', 'true', { timeout: SIGN_IN_TIMEOUT });
  await waitForSynced(page);
  await page.goBack();
  await expect(page).toHaveURL(back);
}

/** Until `check` passes, syncs `page` now and looks again (another device's change may still be on its way). */
export async function syncUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await syncNow(page);
    await check();
  }).toPass({ timeout: 45_000, intervals: [500, 1000, 2000] });
}

/** Syncs until the sync centre says every change on this device has reached the server. */
export async function syncEverything(page: Page): Promise<void> {
  await syncUntil(page, async () => {
    await page.getByRole('link', { name: 'Sync', exact: true }).click();
    const done = page.getByText('Nothing — every change on this device has reached the server');
    const seen = await done.waitFor({ timeout: 2000 }).then(
      () => true,
      () => false,
    );
    await page.goBack();
    expect(seen, 'nothing waiting in the sync centre').toBe(true);
  });
}

/** The user id of the account this page's app remembers (from the boot record), or null. */
export async function rememberedUserId(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('daybook-account');
    return raw ? ((JSON.parse(raw) as { userId?: string }).userId ?? null) : null;
  });
}

/** Names of this origin's IndexedDB databases (daybook-local, daybook-<userId>). */
export async function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));
}

/**
 * The session runs out the way hosted Supabase Auth ends one past its time box or inactivity
 * limit: the access token has expired and the refresh is refused `session_expired`. (A refresh
 * token the server does not know is answered `refresh_token_not_found`: a session ended on the
 * server, signed out everywhere, which takes the app to signing in instead of the banner.) Takes
 * effect at the next start; returns the undoing of the refusal.
 */
export async function expireSession(page: Page): Promise<() => Promise<void>> {
  const refresh = /\/auth\/v1\/token\?grant_type=refresh_token/;
  const refuse = (route: Route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ code: 400, error_code: 'session_expired', msg: 'Invalid Refresh Token: Session Expired' }),
    });
  await page.route(refresh, refuse);
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('daybook-auth') ?? '{}');
    localStorage.setItem('daybook-auth', JSON.stringify({ ...session, expires_at: 1 }));
  });
  return () => page.unroute(refresh, refuse);
}
