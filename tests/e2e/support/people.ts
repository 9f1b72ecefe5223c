// Two people, each signed up in a browser context of their own, for the group e2e specs.
import { type Browser, type BrowserContext, expect, type Page, test as base } from '@playwright/test';
import { signUp, syncNow, uniqueEmail } from './account';
import { closeShareDialog, invite, openShareDialog, sidebarList } from './sharing';

export interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
}

async function person(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email } = await signUp(page, { email: uniqueEmail(name) });
  return { context, page, email };
}

export const test = base.extend<{ alice: Person; bob: Person }>({
  alice: async ({ browser }, use) => {
    const alice = await person(browser, 'alice');
    await use(alice);
    await alice.context.close();
  },
  bob: async ({ browser }, use) => {
    const bob = await person(browser, 'bob');
    await use(bob);
    await bob.context.close();
  },
});

/**
 * The owner shares the list (open on their screen) with the other person, who accepts the
 * invitation on the Lists screen (SPEC §13.1); both devices then know each other as members.
 */
export async function shareAndAccept(owner: Person, other: Person, listName: string, role: 'Editor' | 'Viewer'): Promise<void> {
  const share = await openShareDialog(owner.page, listName);
  await invite(share, other.email, role);
  await closeShareDialog(share);
  await syncNow(owner.page);
  await syncNow(other.page);
  await other.page.getByRole('link', { name: 'Lists', exact: true }).first().click();
  const invitation = other.page.getByRole('region', { name: 'Invitations' }).getByRole('listitem').filter({ hasText: listName });
  await invitation.getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
  await expect(sidebarList(other.page, listName)).toBeVisible({ timeout: 20_000 });
  // the owner's device learns the new member (a poke would bring it too; this does not wait on one)
  await syncNow(owner.page);
}
