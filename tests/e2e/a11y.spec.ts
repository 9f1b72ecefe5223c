// axe-core finds no violations on any screen, in the light and the dark theme, on a laptop and a
// phone layout — with real content on screen (overdue, due, done, notes, priority, a list colour).
import { expect, type Page, test } from '@playwright/test';
import { expireSession, signUp, uniqueEmail } from './support/account';
import { addTask, createList, taskItem } from './support/app';
import { axeViolations } from './support/axe';

type Theme = 'light' | 'dark';

interface Screen {
  name: string;
  open: (page: Page) => Promise<void>;
}

async function seed(page: Page): Promise<string> {
  await page.goto('/today');
  await addTask(page, 'Renew the library card');
  // One overdue task: due yesterday, picked in the task dialog.
  await addTask(page, 'Return the drill');
  await taskItem(page, 'Return the drill').getByRole('link', { name: 'Return the drill' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Due date' }).click();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Borrowed from the neighbours');
  await dialog.getByRole('combobox', { name: 'Priority' }).selectOption({ label: 'High' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: /Overdue/ })).toBeVisible();

  const listId = await createList(page, 'Garden');
  await addTask(page, 'Buy compost');
  await addTask(page, 'Prune the roses');
  await taskItem(page, 'Prune the roses').getByRole('checkbox').click();
  await expect(page.getByRole('status').filter({ hasText: 'Completed' })).toBeVisible();
  return listId;
}

function screens(listId: string): Screen[] {
  const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const visit = (path: string, name: string | RegExp) => async (page: Page) => {
    await page.goto(path);
    await heading(page, name);
  };
  return [
    { name: 'Today', open: visit('/today', 'Today') },
    { name: 'Upcoming', open: visit('/upcoming', 'Upcoming') },
    { name: 'Lists', open: visit('/lists', 'Lists') },
    {
      name: 'New list dialog',
      open: async (p) => {
        await p.goto('/lists');
        await p.getByRole('button', { name: 'New list' }).click();
        await p.getByRole('dialog').getByRole('button', { name: 'Create list' }).click();
        await expect(p.getByRole('dialog').getByText('List name is required')).toBeVisible();
      },
    },
    { name: 'List (all tasks)', open: visit(`/lists/${listId}?show=all`, 'Garden') },
    {
      name: 'Task dialog with the date picker',
      open: async (p) => {
        await p.goto('/today');
        await p.getByRole('link', { name: 'Return the drill' }).click();
        await p.getByRole('dialog').getByRole('button', { name: 'Due date' }).click();
        await expect(p.getByRole('grid')).toBeVisible();
      },
    },
    {
      name: 'Search',
      open: async (p) => {
        await p.goto('/search?q=the');
        await heading(p, 'Search');
        await expect(p.getByRole('link', { name: /Return/ })).toBeVisible();
      },
    },
    { name: 'Settings', open: visit('/settings', 'Settings') },
    { name: 'Sign in', open: visit('/sign-in', 'Sign in to sync') },
    {
      name: 'Sign in with errors at the fields',
      open: async (p) => {
        await p.goto('/sign-in');
        await p.getByRole('button', { name: 'Sign in', exact: true }).click();
        await expect(p.getByText('Enter your e-mail address')).toBeVisible();
      },
    },
    { name: 'Sync centre without an account', open: visit('/sync', 'Sync') },
    { name: 'Not found', open: visit('/no-such-page', 'Page not found') },
    {
      name: 'Share dialog (no account)',
      open: async (p) => {
        await p.goto(`/lists/${listId}/share`);
        await expect(p.getByRole('dialog', { name: 'Share “Garden”' }).getByRole('link', { name: 'Sign in to share' })).toBeVisible();
      },
    },
    {
      // Last: it leaves Garden view-only for this page.
      name: "A viewer's list",
      open: async (p) => {
        await becomeViewer(p, listId);
        await visit(`/lists/${listId}?show=all`, 'Garden')(p);
        await expect(p.getByText('You can view this list but not change it.')).toBeVisible();
      },
    },
  ];
}

/** This device's user becomes a viewer of the list, as a pull leaves it when someone else shares it. */
async function becomeViewer(page: Page, listId: string) {
  await page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('daybook-local');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['meta', 'members'], 'readwrite');
    const user = tx.objectStore('meta').get('user_id');
    user.onsuccess = () => {
      const members = tx.objectStore('members');
      members.put({ list_id: id, user_id: user.result.value, email: 'me@example.com', role: 'viewer' });
      members.put({ list_id: id, user_id: 'someone-else', email: 'owner@example.com', role: 'owner' });
    };
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  }, listId);
}

async function useTheme(page: Page, theme: Theme) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.addInitScript((t) => localStorage.setItem('daybook-theme', t), theme);
}

for (const theme of ['light', 'dark'] as const) {
  test(`no axe violations on any screen, ${theme} theme`, async ({ page }) => {
    test.setTimeout(90_000);
    await useTheme(page, theme);
    const listId = await seed(page);
    for (const screen of screens(listId)) {
      await test.step(screen.name, async () => {
        await screen.open(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        expect.soft(await axeViolations(page), `${screen.name} (${theme})`).toEqual([]);
      });
    }
  });
}

test('no axe violations on the phone layout (bottom bar), dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useTheme(page, 'dark');
  const listId = await seed(page);
  const phoneScreens = ['Today', 'List (all tasks)', 'Task dialog with the date picker', 'Sign in with errors at the fields'];
  for (const screen of screens(listId).filter((s) => phoneScreens.includes(s.name))) {
    await test.step(screen.name, async () => {
      await screen.open(page);
      expect.soft(await axeViolations(page), `${screen.name} (phone)`).toEqual([]);
    });
  }
});

// The account and sync screens as a signed-in user sees them: the sync centre with changes
// waiting and one the server refused, the Discard and Sign out questions, the expired session.
for (const [theme, viewport] of [
  ['light', { width: 1280, height: 800 }],
  ['dark', { width: 390, height: 844 }],
] as const) {
  test(`no axe violations on the signed-in sync screens, ${theme} theme, ${viewport.width} px`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await useTheme(page, theme);
    await page.goto('/today');
    await addTask(page, 'Renew the library card');
    await signUp(page);
    await createList(page, 'Garden');
    // A change the server refuses: an invite to an address longer than an e-mail may be.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog');
    await share.getByRole('textbox', { name: 'Email' }).fill(`${'a'.repeat(250)}-${uniqueEmail('long')}`);
    await share.getByRole('button', { name: 'Invite' }).click();
    await expect(page.getByText("Couldn't sync 1 change: Enter an e-mail address")).toBeVisible({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();

    await context.setOffline(true);
    await addTask(page, 'Call the plumber');
    const check = async (name: string) => expect.soft(await axeViolations(page), `${name} (${theme})`).toEqual([]);

    await page.getByRole('link', { name: 'Sync', exact: true }).click();
    await expect(page.getByRole('list', { name: /Not synced/ })).toBeVisible();
    await expect(page.getByRole('list', { name: /Waiting to sync/ })).toBeVisible();
    await check('Sync centre, offline, waiting and refused');
    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Discard this change?' })).toBeVisible();
    await check('Discard question');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('alertdialog', { name: 'Sign out?' })).toBeVisible();
    await check('Sign out question');
    await page.getByRole('button', { name: 'Stay signed in' }).click();

    // The session expires: the refresh token is refused at the next start.
    await context.setOffline(false);
    await expireSession(page);
    await page.goto('/today');
    const banner = page.getByRole('region', { name: 'Session expired' });
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await check('Expired-session banner');
    await banner.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in again' })).toBeVisible();
    await check('Sign in again');
  });
}
