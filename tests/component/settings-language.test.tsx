// Settings → "Language" (SPEC §20): the browser's language by default, the six each in its own
// name; a choice re-renders the app in it at once, stays on this device, and signed in is one
// queued profile.update. Expected words come from the catalogues.
import './support/match-media';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageRoot } from '@/app/language';
import { getDb, resetDatabaseForTests } from '@/data';
import { readProfile } from '@/data/db/profile';
import { SettingsScreen } from '@/features/settings/settings-screen';
import { switchLanguage } from '@/lib/i18n';
import { installFakeSync } from './support/fake-sync';
import { MY_EMAIL, signedIn, signOutForTests } from './support/sharing';

// the catalogues as written (a build keeps only another language's messages, not its keys)
const catalogueOf = (language: string) => JSON.parse(readFileSync(join(import.meta.dirname, '../../src/features/settings/locales', `${language}.json`), 'utf8')) as Record<string, string>;
const de = catalogueOf('de');
const ja = catalogueOf('ja');

function renderSettings() {
  const root = createRootRoute({ component: () => <Outlet /> });
  const settings = createRoute({ getParentRoute: () => root, path: '/settings', component: () => <SettingsScreen /> });
  const router = createRouter({ routeTree: root.addChildren([settings]), history: createMemoryHistory({ initialEntries: ['/settings'] }) });
  render(
    <LanguageRoot>
      <RouterProvider router={router} />
    </LanguageRoot>,
  );
  return userEvent.setup();
}

afterEach(async () => {
  cleanup();
  await act(() => switchLanguage(null));
  await signOutForTests();
  localStorage.clear();
});

describe('Settings → Language', { timeout: 20_000 }, () => {
  it('defaults to the browser’s and offers the six languages, each in its own name', async () => {
    installFakeSync({ account: { state: 'local' }, status: 'local' });
    renderSettings();
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('');
    const options = Array.from((select as HTMLSelectElement).options);
    expect(options.map((o) => o.textContent)).toEqual(['As in my browser (English)', 'English', 'Deutsch', 'Español', 'Français', 'Português (Brasil)', '日本語']);
    expect(options.map((o) => o.lang)).toEqual(['', 'en', 'de', 'es', 'fr', 'pt-BR', 'ja']);
  });

  it('signed out, switches at once and keeps the choice on this device only', async () => {
    await resetDatabaseForTests();
    await getDb().open();
    installFakeSync({ account: { state: 'local' }, status: 'local' });
    const user = renderSettings();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'de');

    expect(await screen.findByRole('heading', { level: 1, name: de['settings.title'] })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: de['settings.language'] });
    expect(select).toHaveValue('de');
    await waitFor(() => expect(select).toHaveFocus());
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('daybook.language')).toBe('de');
    expect(screen.getByText(de['settings.languageHintDevice'] as string)).toBeInTheDocument();
    expect(await getDb().outbox.count()).toBe(0);

    // back to the browser's: English, and nothing left on the device
    await user.selectOptions(select, '');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('daybook.language')).toBeNull();
  });

  it('signed in, the choice is one profile.update, and the app speaks it at once', async () => {
    const { db, userId } = await signedIn();
    installFakeSync({ account: { state: 'signed-in', userId, email: MY_EMAIL } });
    const user = renderSettings();
    expect(await screen.findByText('Kept in your profile, so the mail and notifications Daybook sends you use it too.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ja');

    expect(await screen.findByRole('heading', { level: 1, name: ja['settings.title'] })).toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.toArray()).toMatchObject([{ name: 'profile.update', args: { language: 'ja' } }]), { timeout: 5000 });
    expect(await readProfile(db)).toMatchObject({ language: 'ja' });
  });
});
