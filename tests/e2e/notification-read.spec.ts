// Read marks follow the person (SPEC §17): A assigns B a task; B's phone and laptop both count it
// unread; "Mark all as read" on the laptop reaches the phone at its next sync, without B opening
// anything there.
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { PASSWORD, signIn, syncNow } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { shareAndAccept, test } from './support/people';
import { nameOf } from './support/sharing';

/** "Notifications, N unread" (B also has the invitation's); on the Lists screen it is there twice. */
const unread = (page: Page) => page.getByRole('link', { name: /^Notifications\W*\d+\s*unread$/ });

test('"Mark all as read" on one device clears the unread count on the person’s other device', async ({ browser, alice, bob }) => {
  test.setTimeout(180_000);
  const name = `Errands ${randomUUID().slice(0, 6)}`;
  await createList(alice.page, name);
  await addTask(alice.page, 'Return the drill');
  await shareAndAccept(alice, bob, name, 'Editor');

  // B's second device
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const bobPhone = await phone.newPage();
    await signIn(bobPhone, { email: bob.email, password: PASSWORD });

    await taskItem(alice.page, 'Return the drill').getByRole('link', { name: 'Return the drill' }).click();
    const dialog = alice.page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: nameOf(bob.email) });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await syncNow(alice.page);

    // both of B's devices count it beside the invitation's (the laptop in its sidebar, the phone
    // on its header's bell)
    for (const page of [bob.page, bobPhone]) {
      await expect(async () => {
        await syncNow(page);
        await expect(unread(page).first()).toHaveAccessibleName(/\b2\s*unread$/, { timeout: 2000 });
      }).toPass({ timeout: 30_000 });
    }

    await unread(bob.page).first().click();
    await expect(bob.page.getByRole('list', { name: 'Notifications' })).toContainText(`${nameOf(alice.email)} assigned you Return the drill`);
    await bob.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(unread(bob.page)).toHaveCount(0);
    await syncNow(bob.page);

    await expect(async () => {
      await syncNow(bobPhone);
      await expect(unread(bobPhone)).toHaveCount(0, { timeout: 2000 });
    }).toPass({ timeout: 30_000 });
    await expect(bobPhone.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  } finally {
    await phone.close();
  }
});
