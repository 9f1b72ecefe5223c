// Declining an invitation (SPEC §13.1), two people in their own browsers: B declines on the Lists
// screen, so nothing of the list reaches B; A's share dialog says "<B> declined" until A
// dismisses it.
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { syncNow, syncUntil } from './support/account';
import { addTask, createList } from './support/app';
import { test } from './support/people';
import { closeShareDialog, invite, openShareDialog, sidebarList } from './support/sharing';

test('an invitation declined on one side shows as declined on the other, until dismissed', async ({ alice, bob }) => {
  test.setTimeout(150_000);
  const name = `Book club ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Pick the next book');
  const share = await openShareDialog(alice.page, name);
  await invite(share, bob.email, 'Viewer');
  await closeShareDialog(share);
  await syncNow(alice.page);

  // B sees the invitation and declines it; the list never reaches B
  await bob.page.getByRole('link', { name: 'Lists', exact: true }).first().click();
  const invitations = bob.page.getByRole('region', { name: 'Invitations' });
  await syncUntil(bob.page, () => expect(invitations.getByRole('listitem').filter({ hasText: name })).toBeVisible({ timeout: 2000 }));
  await invitations.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Decline' }).click();
  await expect(bob.page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  await syncNow(bob.page);
  await expect(sidebarList(bob.page, name)).toHaveCount(0);

  // A's share dialog says so, and "Dismiss" takes it away
  await syncUntil(alice.page, async () => {
    const dialog = await openShareDialog(alice.page, name);
    try {
      await expect(dialog.getByText(`${bob.email} declined`)).toBeVisible({ timeout: 2000 });
    } finally {
      await closeShareDialog(dialog);
    }
  });
  const dialog = await openShareDialog(alice.page, name);
  await dialog.getByRole('button', { name: 'Dismiss' }).click();
  await expect(dialog.getByText(`${bob.email} declined`)).toHaveCount(0);
  await closeShareDialog(dialog);
});
