// Share links end to end (SPEC §13.1), each person in their own browser context: the owner makes
// a viewer link in the share dialog and copies it; Bob, signed in, opens /join/<token>, sees the
// list's name, who shares it and the role, joins, and lands on the list read-only; Carol, signed
// out, is sent to sign up and comes back to the same join page.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { nameOf, openShareDialog, sidebarList } from './support/sharing';

const listName = (what: string) => `${what} ${randomUUID().slice(0, 6)}`;

/** The push that carries `text`, answered by the server. */
function pushCarrying(page: Page, text: string) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/rest/v1/rpc/sync_push') && (response.request().postData() ?? '').includes(text),
    { timeout: 20_000 },
  );
}

// three people sign up through the UI: more than one test's usual time on a shared machine
test.setTimeout(90_000);

test('a viewer link: copied by the owner, opened and joined by Bob, who reads the list and cannot edit it', async ({ browser }) => {
  const aliceContext = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const bobContext = await browser.newContext();
  const carolContext = await browser.newContext();
  try {
    const alice = await aliceContext.newPage();
    const bob = await bobContext.newPage();
    const carol = await carolContext.newPage();
    const { email: aliceEmail } = await signUp(alice, { email: uniqueEmail('alice') });
    await signUp(bob, { email: uniqueEmail('bob') });

    const name = listName('Allotment');
    await createList(alice, name);
    await addTask(alice, 'Water the beans');
    const dialog = await openShareDialog(alice, name);
    const section = dialog.getByRole('region', { name: 'Share link' });
    await section.getByRole('combobox', { name: 'Link role' }).selectOption({ label: 'Viewer' });
    await section.getByRole('combobox', { name: 'Expires after' }).selectOption({ label: '7 days' });
    const sent = pushCarrying(alice, 'link.create');
    await section.getByRole('button', { name: 'Create link' }).click();
    const link = section.getByRole('listitem', { name: /^Viewer link · expires/ });
    await expect(link).toBeVisible();
    const address = await link.getByRole('textbox', { name: 'Viewer link address' }).inputValue();
    expect(address).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
    await link.getByRole('button', { name: 'Copy link' }).click();
    expect(await alice.evaluate(() => navigator.clipboard.readText())).toBe(address);
    // the push may carry earlier changes too (the list, its task): every one was applied
    const { results } = (await (await sent).json()) as { results: { status: string }[] };
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) expect(result.status).toBe('applied');

    // Bob, signed in, opens the link: nothing is joined until he says so
    await bob.goto(address);
    await expect(bob.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
    await expect(bob.getByText(`${nameOf(aliceEmail)} shares a list with you`)).toBeVisible();
    await expect(bob.getByText('Join as a viewer: you can see its tasks but not change them.')).toBeVisible();
    await expect(sidebarList(bob, name)).toHaveCount(0);
    await bob.getByRole('button', { name: 'Join list' }).click();

    // the list syncs down and opens, read-only
    await expect(bob).toHaveURL(/\/lists\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await expect(bob.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(taskItem(bob, 'Water the beans')).toBeVisible({ timeout: 20_000 });
    await expect(bob.getByRole('textbox', { name: 'New task' })).toHaveCount(0);
    await expect(sidebarList(bob, name)).toBeVisible();

    // Carol, signed out, is sent to sign in and comes back to the join page once she has
    await carol.goto(address);
    await expect(carol.getByRole('heading', { level: 1, name: 'Join a shared list' })).toBeVisible();
    await carol.getByRole('link', { name: 'Sign in or create an account' }).click();
    await expect(carol).toHaveURL(/\/sign-in\?/);
    await carol.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('carol'));
    await carol.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
    await carol.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(carol.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
    expect(new URL(carol.url()).pathname).toBe(new URL(address).pathname);
    await carol.getByRole('button', { name: 'Not now' }).click();
    await expect(carol).toHaveURL(/\/today$/);
    await expect(sidebarList(carol, name)).toHaveCount(0);
  } finally {
    await aliceContext.close();
    await bobContext.close();
    await carolContext.close();
  }
});
