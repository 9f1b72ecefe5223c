// Taking turns end to end (SPEC §13.2), two people on their own devices: a daily chore in a
// shared list rotates between them; both tick today's turn while offline, and once they are back
// the chore has moved on exactly once: tomorrow, and the other person's turn — not skipped back
// to the first, and nothing refused.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { syncEverything, syncIndicator, syncUntil } from './support/account';
import { createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { nameOf, sidebarList } from './support/sharing';

const CHORE = 'Take out the bins';

test('a chore in turns, ticked offline on two devices, moves to the next person once', async ({ alice, bob }) => {
  test.setTimeout(240_000);
  const name = `Household ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await shareAndAccept(alice, bob, name, 'Editor');

  // A daily chore, in turns between both, Alice first
  const box = alice.page.getByRole('textbox', { name: 'New task' });
  await box.fill(`${CHORE} every day`);
  await expect(alice.page.getByRole('region', { name: 'Recognised' })).toContainText(/every day/i);
  await box.press('Enter');
  await expect(taskItem(alice.page, CHORE).getByRole('img', { name: 'Repeats every day' })).toBeVisible();
  await taskItem(alice.page, CHORE).getByRole('link', { name: CHORE }).click();
  const dialog = alice.page.getByRole('dialog');
  // the box follows the stored task, so it shows ticked once the write is read back
  await dialog.getByRole('checkbox', { name: 'Take turns' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Take turns' })).toBeChecked();
  const between = dialog.getByRole('group', { name: 'Take turns between' });
  await expect(between.getByRole('checkbox', { name: nameOf(alice.email) })).toBeChecked();
  await expect(between.getByRole('checkbox', { name: nameOf(bob.email) })).toBeChecked();
  await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: nameOf(alice.email) });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(taskItem(alice.page, CHORE).getByRole('img', { name: `Assigned to ${nameOf(alice.email)}` })).toBeVisible();
  await syncEverything(alice.page);
  await sidebarList(bob.page, name).click();
  await syncUntil(bob.page, () => expect(taskItem(bob.page, CHORE).getByRole('img', { name: `Assigned to ${nameOf(alice.email)}` })).toBeVisible({ timeout: 2000 }));

  // Both devices offline; each ticks today's occurrence
  for (const { context, page } of [alice, bob]) {
    await context.setOffline(true);
    await expect(syncIndicator(page, 'Offline')).toBeVisible();
    await taskItem(page, CHORE).getByRole('checkbox', { name: CHORE }).click();
    await expect(page.getByRole('status').filter({ hasText: /Next: / })).not.toHaveCount(0);
  }

  // Back online: the server moved the turn for the first completion; the second was a no-op
  await alice.context.setOffline(false);
  await syncEverything(alice.page);
  await bob.context.setOffline(false);
  await syncEverything(bob.page);
  await syncEverything(alice.page);
  for (const { page } of [alice, bob]) {
    const row = taskItem(page, CHORE);
    await syncUntil(page, () => expect(row.getByRole('img', { name: `Assigned to ${nameOf(bob.email)}` })).toBeVisible({ timeout: 2000 }));
    await expect(row).toContainText('Tomorrow');
    await page.getByRole('link', { name: 'Sync', exact: true }).click();
    await expect(page.getByText(/couldn.t sync|refused/i)).toHaveCount(0);
    await page.goBack();
  }
});
