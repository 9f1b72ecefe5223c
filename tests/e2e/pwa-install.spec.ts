// Installing to the home screen: Chromium's own installability check, the manifest's content and
// icons, and the "New task" shortcut.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { waitForServiceWorker } from './support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { MAIN_URL } from './support/env';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

test('Chromium reports no installability errors', async () => {
  // Installability needs a real profile: an incognito context always reports `in-incognito`.
  const profile = mkdtempSync(join(tmpdir(), 'daybook-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: MAIN_URL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/today');
    await waitForServiceWorker(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${MAIN_URL}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest describes a standalone app with real icons, maskable ones and shortcuts', async ({ page, request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Daybook',
    short_name: 'Daybook',
    start_url: '/today',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.description).toEqual(expect.any(String));
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Today', '/today'],
    ['New task', '/today?add=task'],
  ]);

  const pngs = (manifest.icons as ManifestIcon[]).filter((icon) => icon.type === 'image/png');
  const want = [
    ['192x192', 'any'],
    ['512x512', 'any'],
    ['192x192', 'maskable'],
    ['512x512', 'maskable'],
  ];
  expect(pngs.map((icon) => [icon.sizes, icon.purpose ?? 'any']).sort()).toEqual(want.sort());

  // Each icon is a PNG of the size it claims; maskable ones are opaque to the corners (full bleed).
  await page.goto('/today');
  for (const icon of pngs) {
    const found = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(img, 0, 0);
      return { size: `${img.naturalWidth}x${img.naturalHeight}`, cornerAlpha: ctx.getImageData(0, 0, 1, 1).data[3] };
    }, icon.src);
    expect(found.size).toBe(icon.sizes);
    if (icon.purpose === 'maskable') expect(found.cornerAlpha).toBe(255);
    else expect(found.cornerAlpha).toBe(0);
  }
});

test('the "New task" shortcut opens Today with the cursor in quick add', async ({ page }) => {
  await page.goto('/today?add=task');
  await expect(page.getByRole('textbox', { name: 'New task' })).toBeFocused();
  await page.keyboard.type('From the home screen');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('checkbox', { name: 'From the home screen', exact: true })).toBeVisible();
});

test('the service worker is /sw.js, served uncached, and index.html carries the install metadata', async ({ page, request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.ok()).toBe(true);
  expect(sw.headers()['content-type']).toContain('javascript');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  await page.goto('/today');
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${MAIN_URL}/sw.js`);
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute('content', /viewport-fit=cover/);
});
