// Six languages end to end (SPEC §20): Settings → "Language" switches the whole app at once and
// back, `<html lang>` follows, an offline reload starts in the chosen language, and Settings is
// accessible and fits a phone in the longer (German) and wider (Japanese) text. Expected words
// come from the catalogues, never written here, so the test speaks whatever the translators chose.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn, signUp } from './support/account';
import { waitForServiceWorker } from './support/app';
import { axeViolations } from './support/axe';

const LANGUAGES = ['en', 'de', 'es', 'fr', 'pt-BR', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];

const catalogues = new Map<string, Record<string, string> | null>();

function catalogue(folder: string, language: Language): Record<string, string> | null {
  const path = join(import.meta.dirname, '../../src', folder, 'locales', `${language}.json`);
  if (!catalogues.has(path)) {
    try {
      catalogues.set(path, JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>);
    } catch {
      catalogues.set(path, null); // that part of the app still speaks only English
    }
  }
  return catalogues.get(path) ?? null;
}

/** What the part of the app in `folder` says for its English `english`, in `language`. */
function said(folder: string, english: string, language: Language): string {
  const en = catalogue(folder, 'en');
  const key = en && Object.keys(en).find((k) => en[k] === english);
  if (!key) return english;
  return catalogue(folder, language)?.[key] ?? english;
}

const settings = (key: string, language: Language) => {
  const text = catalogue('features/settings', language)?.[key];
  if (!text) throw new Error(`settings catalogue has no ${key} in ${language}`);
  return text;
};

/**
 * How far the page is wider than the window, and what sticks out. The shell picks its phone or
 * desktop layout from a media query on the next frame after a resize, so callers poll this until
 * the layout has settled; a real overflow stays and fails with the elements named.
 */
async function widerThanPhone(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const culprits = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} “${(el.textContent ?? '').slice(0, 40)}”`);
    return { overflow: root.scrollWidth - root.clientWidth, culprits };
  });
}

async function expectFitsPhone(page: Page, where = '') {
  await expect.poll(async () => widerThanPhone(page), { message: `nothing wider than a phone ${where}` }).toMatchObject({ overflow: 0 });
}

const languageSelect = (page: Page, language: Language) => page.getByRole('combobox', { name: settings('settings.language', language), exact: true });

async function expectSpeaking(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { level: 1, name: settings('settings.title', language), exact: true })).toBeVisible();
  const nav = page.getByRole('navigation', { name: said('features/layout', 'Main', language), exact: true });
  await expect(nav.getByRole('link', { name: said('features/layout', 'Today', language), exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: settings('settings.language', language), exact: true })).toBeVisible();
}

async function choose(page: Page, from: Language, to: Language) {
  await languageSelect(page, from).selectOption(to);
  await expectSpeaking(page, to);
  // the app re-renders from its root; the person stays where they were
  await expect(languageSelect(page, to)).toBeFocused();
  await expect(languageSelect(page, to)).toHaveValue(to);
}

test('switches to each language in Settings → Language and back to English', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/settings');
  await expectSpeaking(page, 'en');
  // the browser here is en-GB: the first choice says so, in English
  await expect(languageSelect(page, 'en').getByRole('option').first()).toHaveText(settings('settings.languageBrowser', 'en').replace('{language}', 'English'));

  let from: Language = 'en';
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    await choose(page, from, language);
    // each language is offered in its own name, whatever the app speaks
    await expect(languageSelect(page, language).getByRole('option', { name: 'Deutsch', exact: true })).toHaveAttribute('lang', 'de');
    await expect(languageSelect(page, language).getByRole('option', { name: '日本語', exact: true })).toHaveAttribute('lang', 'ja');
    from = language;
  }
  await choose(page, from, 'en');

  // "As in my browser" forgets the choice: English, as the browser is
  await choose(page, 'en', 'fr');
  await languageSelect(page, 'fr').selectOption('');
  await expectSpeaking(page, 'en');
  expect(await page.evaluate(() => localStorage.getItem('daybook.language'))).toBeNull();
});

test('an offline reload starts in the chosen language', async ({ context, page }) => {
  test.setTimeout(90_000);
  await page.goto('/settings');
  await waitForServiceWorker(page);
  await choose(page, 'en', 'de');
  await context.setOffline(true);
  await page.reload();
  await expectSpeaking(page, 'de');
  await expect(languageSelect(page, 'de')).toHaveValue('de');

  // Today too, the first screen, before anything else was opened
  await page.goto('/today');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: said('features/layout', 'Today', 'de'), exact: true }).first()).toBeVisible();
  await context.setOffline(false);
});

test('signed in, the choice is kept in the profile: the person’s other device follows it', async ({ browser, page }) => {
  test.setTimeout(120_000);
  const account = await signUp(page);
  const other = await browser.newContext();
  const laptop = await other.newPage();
  await signIn(laptop, account);
  await expect(laptop.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/settings');
  await expect(page.getByRole('region', { name: settings('settings.language', 'en') })).toContainText(settings('settings.languageHintProfile', 'en'));
  await choose(page, 'en', 'fr');

  // the other device reads the profile at its next sync (a start syncs) and speaks French too
  await expect(async () => {
    await laptop.reload();
    await expect(laptop.locator('html')).toHaveAttribute('lang', 'fr', { timeout: 3000 });
  }).toPass({ timeout: 60_000, intervals: [1000, 2000, 3000] });
  await laptop.goto('/settings');
  await expectSpeaking(laptop, 'fr');
  await expect(languageSelect(laptop, 'fr')).toHaveValue('fr');
  await other.close();
});

for (const language of ['de', 'ja'] as const) {
  test(`Settings in ${language}, signed in: no axe violations and nothing wider than a phone`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // signed in, Settings shows the most words: the account, its name and colour, the feed form
    await signUp(page);
    await page.goto('/settings');
    await choose(page, 'en', language);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`settings-${language}-1280.png`), fullPage: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expectSpeaking(page, language);
    await expectFitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`settings-${language}-390.png`), fullPage: true });
    const account = page.getByRole('region', { name: settings('settings.account', language), exact: true });
    await account.screenshot({ path: testInfo.outputPath(`settings-${language}-390-account.png`) });

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`settings-${language}-390-dark.png`), fullPage: true });
  });
}

for (const language of ['de', 'ja'] as const) {
  test(`Sign in and the pages mail links open, in ${language}: no axe violations and nothing wider than a phone`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/settings');
    await choose(page, 'en', language);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sign-in');
    const auth = catalogue('features/auth', language) ?? {};
    await expect(page.getByRole('heading', { level: 1, name: auth['auth.signInToSync'], exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: auth['auth.createAccount'], exact: true })).toBeVisible();
    // the reveal button sits inside the password box: it must leave the typed text its room
    const reveal = page.getByRole('button', { name: auth['auth.showPassword'], exact: true });
    const room = await page.getByLabel(auth['auth.password'] ?? '', { exact: true }).evaluate((box) => Number.parseFloat(getComputedStyle(box).paddingRight));
    expect((await reveal.boundingBox())?.width).toBeLessThanOrEqual(room);
    await expectFitsPhone(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${language}-390.png`), fullPage: true });

    // the other pages a link from a mail or a message opens, signed out
    const pages: [string, string | undefined][] = [
      ['/forgot-password', auth['auth.forgotPassword']],
      ['/join/not-a-real-token', catalogue('features/join', language)?.['join.title']],
      ['/no-invitations/not-a-real-token', catalogue('features/invitations', language)?.['invitations.noMail']],
    ];
    for (const [path, title] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expectFitsPhone(page, path);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
