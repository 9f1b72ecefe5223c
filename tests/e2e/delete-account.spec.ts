// Deleting an account end to end (SPEC §16): Alice deletes hers from Settings → Account. Her shared
// list passes to Bob, whose device shows him as its owner with her gone and her task still there;
// on Bob's own list, where she was an editor with a task to do, his device shows her neither among
// the members nor on the task after its next sync; the device she deleted from and her second
// device (signed in elsewhere) are back at sign-in with her data removed from them.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, rememberedUserId, signIn, syncEverything, syncNow, syncUntil } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { member, nameOf, openShareDialog, sidebarList } from './support/sharing';

async function localTraces(page: Page, userId: string) {
  return page.evaluate(async (id) => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    return { database: names.includes(`daybook-${id}`), session: localStorage.getItem('daybook-auth') !== null };
  }, userId);
}

test('deleting an account passes its shared list on and wipes its devices', async ({ alice, bob, browser }) => {
  test.setTimeout(180_000);
  const name = `Garden ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Plant tulips');
  await shareAndAccept(alice, bob, name, 'Editor');
  // Bob's own list, where Alice edits and has a task to do
  const shed = `Shed ${randomUUID().slice(0, 6)}`;
  await createList(bob.page, shed);
  await shareAndAccept(bob, alice, shed, 'Editor');
  await sidebarList(bob.page, shed).click();
  const newTask = bob.page.getByRole('textbox', { name: 'New task' });
  await newTask.fill(`Oil the hinges +${nameOf(alice.email)}`);
  await newTask.press('Enter');
  const hinges = taskItem(bob.page, 'Oil the hinges');
  await expect(hinges.getByRole('img', { name: `Assigned to ${nameOf(alice.email)}` })).toBeVisible();
  await syncEverything(bob.page);
  await syncEverything(alice.page);
  const aliceId = (await rememberedUserId(alice.page))!;

  // Alice's second device
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, { email: alice.email, password: PASSWORD });
  expect(await localTraces(phone, aliceId)).toEqual({ database: true, session: true });

  // Settings → Account → Delete account: needs the e-mail typed
  await alice.page.getByRole('link', { name: 'Settings', exact: true }).first().click();
  await alice.page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = alice.page.getByRole('alertdialog', { name: 'Delete account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export first' })).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete account' });
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  const box = dialog.getByRole('textbox', { name: /to confirm/ });
  await box.fill('someone-else@example.com');
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  // offline it says so and deletes nothing
  await alice.context.setOffline(true);
  await box.fill(alice.email);
  await expect(dialog).toContainText('deleting your account needs a connection');
  await expect(confirm).toHaveAttribute('aria-disabled', 'true');
  await alice.context.setOffline(false);
  await expect(confirm).not.toHaveAttribute('aria-disabled', 'true');
  await confirm.click();
  await expect(alice.page).toHaveURL(/\/sign-in/, { timeout: 20_000 });
  await expect(alice.page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect.poll(() => localTraces(alice.page, aliceId)).toEqual({ database: false, session: false });

  // Bob owns the list now, Alice is gone from it, her task stays
  await sidebarList(bob.page, name).click();
  await syncUntil(bob.page, async () => {
    const share = await openShareDialog(bob.page, name);
    try {
      await expect(member(share, `${bob.email}`).or(share.getByRole('listitem').filter({ hasText: bob.email })).first()).toContainText('Owner', { timeout: 2000 });
      await expect(share.getByRole('listitem').filter({ hasText: nameOf(alice.email) })).toHaveCount(0, { timeout: 2000 });
    } finally {
      await share.getByRole('button', { name: 'Close' }).click();
    }
  });
  await expect(taskItem(bob.page, 'Plant tulips')).toBeVisible();

  // On his own list she is gone too, from the members and from the task that was hers to do
  await sidebarList(bob.page, shed).click();
  await syncUntil(bob.page, async () => {
    const share = await openShareDialog(bob.page, shed);
    try {
      await expect(share.getByRole('listitem').filter({ hasText: nameOf(alice.email) })).toHaveCount(0, { timeout: 2000 });
      await expect(member(share, bob.email)).toContainText('Owner', { timeout: 2000 });
    } finally {
      await share.getByRole('button', { name: 'Close' }).click();
    }
  });
  await expect(hinges).toBeVisible();
  await expect(hinges.getByRole('img', { name: /^Assigned to/ })).toHaveCount(0);
  // nor offered to give it to: the list is Bob's alone now, so there is no one to assign at all
  await hinges.getByRole('link', { name: 'Oil the hinges' }).click();
  const details = bob.page.getByRole('dialog');
  await expect(details.getByRole('combobox', { name: 'List' })).toBeVisible();
  await expect(details.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();

  // Her phone learns at its next contact: signed out, her data gone from it
  await phone.getByRole('link', { name: 'Sync', exact: true }).click();
  await phone.getByRole('button', { name: 'Sync now' }).click();
  await expect(phone).toHaveURL(/\/sign-in/, { timeout: 20_000 });
  await expect.poll(() => localTraces(phone, aliceId)).toEqual({ database: false, session: false });
  await other.close();
  await syncNow(bob.page);
});
