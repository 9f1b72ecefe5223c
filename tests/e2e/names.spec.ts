// People's names end to end (SPEC §16), two people in their own browsers on one list: B chooses a
// name and a colour in Settings → Account; at A's next sync A's share dialog lists B by it, the
// assignee picker offers it, quick add's "+<first name>" assigns B, and the row's avatar says
// "Assigned to <name>" with B's initials.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { syncEverything, syncUntil } from './support/account';
import { createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { closeShareDialog, member, openShareDialog } from './support/sharing';

test('a name B chooses reaches A: members, assignee, and "+name" in quick add', async ({ alice, bob }) => {
  test.setTimeout(180_000);
  const list = `Allotment ${randomUUID().slice(0, 6)}`;
  const name = `Bob Builder ${randomUUID().slice(0, 4)}`;
  await createList(alice.page, list);
  await shareAndAccept(alice, bob, list, 'Editor');

  // B: Settings → Account → Your name, and an avatar colour
  await bob.page.getByRole('link', { name: 'Settings' }).first().click();
  const account = bob.page.getByRole('region', { name: 'Account' });
  await account.getByRole('textbox', { name: 'Your name' }).fill(`  ${name} `);
  await account.getByRole('button', { name: 'Save name' }).click();
  // saved trimmed
  await expect(account.getByRole('textbox', { name: 'Your name' })).toHaveValue(name);
  const green = account.getByRole('radiogroup', { name: 'Avatar colour' }).getByRole('radio', { name: 'Green' });
  await green.click({ force: true });
  await expect(green).toBeChecked();
  await syncEverything(bob.page);

  // A, at the next sync: the share dialog lists B by name
  await syncUntil(alice.page, async () => {
    const share = await openShareDialog(alice.page, list);
    try {
      await expect(member(share, name)).toBeVisible({ timeout: 2000 });
    } finally {
      await closeShareDialog(share);
    }
  });
  const share = await openShareDialog(alice.page, list);
  await expect(member(share, name)).toContainText(bob.email);
  await closeShareDialog(share);

  // quick add: "+" offers B by name; "+Bob" (B's first name) assigns B
  const box = alice.page.getByRole('textbox', { name: 'New task' });
  await box.fill('Water the beans +bo');
  await expect(alice.page.getByRole('listbox', { name: 'People' }).getByRole('option', { name })).toBeVisible();
  await box.fill('Water the beans +Bob');
  await expect(alice.page.getByRole('region', { name: 'Recognised' })).toContainText(`Assigned to ${name}`);
  await box.press('Enter');
  const row = taskItem(alice.page, 'Water the beans');
  await expect(row.getByRole('img', { name: `Assigned to ${name}` })).toHaveText('BB');

  // and the task dialog's picker names B the same way
  await row.getByRole('link', { name: 'Water the beans' }).click();
  const dialog = alice.page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Assignee' })).toHaveValue(await assigneeValue(dialog, name));
});

/** The value of the picker's option named `label` (a user id). */
async function assigneeValue(dialog: import('@playwright/test').Locator, label: string): Promise<string> {
  return (await dialog.getByRole('combobox', { name: 'Assignee' }).getByRole('option', { name: label }).getAttribute('value')) ?? '';
}
