// Confirming the e-mail (SPEC §16) with mail really sent: a second server started with SMTP_URL
// pointing at a local SMTP server (smtp-server), so confirmations are on by default. Sign-up
// shows "Check your e-mail" and the device stays local (its lists kept); the link opened in
// another browser confirms the account and signs that browser in; then the first signs in.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';
import { PASSWORD, syncIndicator, uniqueEmail } from './support/account';
import { addTask, taskItem } from './support/app';
import { DIST_A, MAIN_PORT } from './support/env';

const PORT = MAIN_PORT + 2;
const URL_ = `http://127.0.0.1:${PORT}`;

let smtp: SmtpSink;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpSink();
  dataDir = mkdtempSync(join(tmpdir(), 'daybook-e2e-smtp-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DAYBOOK_DIST: DIST_A, DAYBOOK_DATA: dataDir, DATABASE_URL: '', SMTP_URL: smtp.url },
    stdio: 'ignore',
  });
  await expect(async () => {
    expect((await fetch(`${URL_}/config.json`)).ok).toBe(true);
  }).toPass({ timeout: 60_000 });
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => server?.once('exit', r));
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function createAccount(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('with SMTP on, sign-up mails the confirmation and waits; the link opened in another browser confirms and signs in', async ({ browser }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('confirm');
  const first = await browser.newContext({ baseURL: URL_ });
  const page = await first.newPage();
  await page.goto('/today');
  await addTask(page, 'Kept while waiting');
  await page.goto('/sign-in');
  await createAccount(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(email)).toBeVisible();
  const mail = await smtp.waitFor(email);
  // one confirmation a minute per account, as Supabase Auth: resending at once is refused in words
  await page.getByRole('button', { name: 'Resend e-mail' }).click();
  await expect(page.getByText('An e-mail was sent a moment ago — wait a minute before asking again')).toBeVisible({ timeout: 20_000 });
  expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  expect(mail.data).toMatch(/^Subject: Confirm your e-mail for Daybook/m);
  const link = /http:\/\/\S+?\/confirm\?token_hash(=3D|=)[0-9a-f]+&type(=3D|=)signup/.exec(mail.data)?.[0].replaceAll('=3D', '=');
  expect(link).toBeTruthy();

  // still local, the list kept; signing in before confirming says so again
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible({ timeout: 20_000 });
  await page.goto('/today');
  await expect(taskItem(page, 'Kept while waiting')).toBeVisible();
  await expect(syncIndicator(page, 'Local only')).toBeVisible();

  const second = await browser.newContext({ baseURL: URL_ });
  const phone = await second.newPage();
  await phone.goto(link!);
  await expect(phone).toHaveURL(/\/today$/, { timeout: 20_000 });
  await expect(syncIndicator(phone, 'Synced')).toBeVisible({ timeout: 20_000 });
  await second.close();

  await page.goto('/sign-in');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/today$/, { timeout: 20_000 });
  await expect(syncIndicator(page, 'Synced')).toBeVisible({ timeout: 20_000 });
  await expect(taskItem(page, 'Kept while waiting')).toBeVisible();
  await first.close();
});
