// A return to Today paints the screen as it was last on show before the app's JS has run
// (public/boot.js), then hands over to the live screen. The app's chunk is held back
// here so the picture can be looked at; its rows sit in a closed shadow root, out of the document
// and the accessibility tree, so they are read through the DevTools protocol, which pierces it.
import { type CDPSession, expect, type Page, test } from '@playwright/test';
import { addTask } from './support/app';

// page.route sees the app's requests only when no service worker answers them.
test.use({ serviceWorkers: 'block' });

const APP_CHUNK = /\/assets\/app-[^/]+\.js$/;

interface DomNode {
  nodeType: number;
  nodeValue?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
}

/** The text of boot.js's picture, or null when there is none. */
async function pictureText(cdp: CDPSession): Promise<string | null> {
  const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
  const text = (node: DomNode): string =>
    (node.nodeType === 3 ? (node.nodeValue ?? '') : '') + [...(node.children ?? []), ...(node.shadowRoots ?? [])].map(text).join(' ');
  const find = (node: DomNode): DomNode | undefined => {
    const attrs = node.attributes ?? [];
    if (attrs[attrs.indexOf('id') + 1] === 'boot-shell' && attrs.indexOf('id') % 2 === 0) return node;
    for (const child of node.children ?? []) {
      const hit = find(child);
      if (hit) return hit;
    }
    return undefined;
  };
  const host = find(root);
  return host?.shadowRoots?.length ? host.shadowRoots.map(text).join(' ') : null;
}

/** Holds the app's chunk back until the returned function is called. */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(APP_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a return to Today shows it as it was before the app runs, then the live screen takes over', async ({ page }) => {
  await page.goto('/today');
  await addTask(page, 'Pay rent');
  await addTask(page, 'Call the plumber');
  const release = await holdTheApp(page);
  await page.reload({ waitUntil: 'domcontentloaded' }); // leaving the page saves the picture

  const host = page.locator('#boot-shell');
  await expect(host).toHaveAttribute('data-snapshot', '');
  await expect(host).toHaveAttribute('aria-hidden', 'true');
  await expect(host).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  const picture = await pictureText(cdp);
  expect(picture).toContain('Pay rent');
  expect(picture).toContain('Call the plumber');
  expect(picture).toContain('Due today');
  // A picture, not the screen: nothing of it in the document or the accessibility tree.
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByText('Pay rent')).toHaveCount(0);

  release();
  await expect(page.getByRole('checkbox', { name: 'Pay rent' })).toBeVisible();
  await expect(host).toHaveCount(0);
  await expect(page.getByText('Pay rent')).toHaveCount(1);
  // The live screen is the one that works.
  await page.getByRole('checkbox', { name: 'Pay rent' }).click(); // not check(): the row leaves Today once done
  await expect(page.getByRole('checkbox', { name: 'Pay rent' })).toHaveCount(0);
});

test('after leaving Today for another screen, a start shows the plain frame, not an old picture', async ({ page }) => {
  await page.goto('/today');
  await addTask(page, 'Pay rent');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upcoming' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Upcoming' })).toBeVisible();
  const release = await holdTheApp(page);
  await page.goto('/today', { waitUntil: 'domcontentloaded' });

  const host = page.locator('#boot-shell');
  await expect(host).toBeVisible();
  await expect(host).not.toHaveAttribute('data-snapshot');
  expect(await pictureText(await page.context().newCDPSession(page))).toBeNull();
  release();
  await expect(page.getByRole('checkbox', { name: 'Pay rent' })).toBeVisible();
  await expect(host).toHaveCount(0);
});
