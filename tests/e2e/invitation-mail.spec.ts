// An invitation by mail end to end (SPEC §13.1): Alice invites an address that has no account;
// the server mails it (read from the dev mailbox, /_dev/mail); whoever opens the link in another
// browser signs up there — with another e-mail — comes back to the invitation, accepts it and
// gets the list.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { axeViolations } from './support/axe';
import { closeShareDialog, invite, nameOf, openShareDialog, sidebarList } from './support/sharing';

interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

async function mailTo(page: Page, to: string): Promise<DevMail> {
  let mails: DevMail[] = [];
  await expect(async () => {
    mails = await (await page.request.get(`/_dev/mail?to=${encodeURIComponent(to)}`)).json();
    expect(mails).toHaveLength(1);
  }).toPass({ timeout: 20_000 });
  return mails[0]!;
}

test('an e-mail with no account: the mail, its link in another browser, sign up, accept, the list', async ({ browser }) => {
  test.setTimeout(120_000);
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  const { email: aliceEmail } = await signUp(alice, { email: uniqueEmail('alice') });
  const name = `Allotment ${randomUUID().slice(0, 6)}`;
  await createList(alice, name);
  await addTask(alice, 'Water the beans');
  const nobody = uniqueEmail('nobody');
  const dialog = await openShareDialog(alice, name);
  await invite(dialog, nobody, 'Editor');
  await expect(dialog.getByRole('listitem', { name: `${nobody} · Invited as editor` })).toBeVisible({ timeout: 20_000 });
  await closeShareDialog(dialog);

  const mail = await mailTo(alice, nobody);
  expect(mail.subject).toBe(`${nameOf(aliceEmail)} invited you to a list on Daybook`);
  const link = /https?:\/\/\S+\/invites\/[0-9a-f]{64}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // someone else opens the link: a fresh browser, signed out
  const carolContext = await browser.newContext();
  const carol = await carolContext.newPage();
  await carol.goto(link!);
  await expect(carol.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await expect(carol.getByText(`${nameOf(aliceEmail)} invited you to this list as an editor.`, { exact: false })).toBeVisible();
  expect(await axeViolations(carol)).toEqual([]);
  await carol.getByRole('link', { name: 'Sign in or create an account' }).click();

  // signs up with an address of their own and comes back to the invitation
  await carol.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('carol'));
  await carol.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await carol.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(carol).toHaveURL(new URL(link!).pathname, { timeout: 20_000 });
  await expect(carol.getByRole('button', { name: 'Accept' })).toBeVisible();
  expect(await axeViolations(carol)).toEqual([]);
  await carol.getByRole('button', { name: 'Accept' }).click();
  await expect(carol.getByRole('heading', { level: 1, name: `You joined ${name}` })).toBeVisible();

  // the list syncs down
  const listLink = sidebarList(carol, name);
  await expect(listLink).toBeVisible({ timeout: 20_000 });
  await listLink.click();
  await expect(taskItem(carol, 'Water the beans')).toBeVisible();

  // the link is used up
  await carol.goto(link!);
  await expect(carol.getByRole('heading', { level: 1, name: "This invitation link doesn't work" })).toBeVisible({ timeout: 20_000 });

  await aliceContext.close();
  await carolContext.close();
});
