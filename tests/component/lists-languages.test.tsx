// The navigation, the Lists screen and the share dialog in German and Japanese: the same roles
// and names as in English, in the person's language, with counts in its plural forms.
import { setMediaMatches } from './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, listLists, lists, tasks } from '@/data';
import { switchLanguage } from '@/lib/i18n';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';
import { seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  await switchLanguage(null);
  setMediaMatches((q) => q.includes('min-width'));
});

describe('navigation and lists', () => {
  freshAppEachTest();

  it('in German: every destination, the lists with their open counts, and "Neue Liste"', async () => {
    await switchLanguage('de');
    const home = await lists.create({ name: 'Zuhause', color: 'green' });
    await tasks.create({ title: 'Hahn reparieren', list_id: home.id });
    await tasks.create({ title: 'Zaun streichen', list_id: home.id });
    renderRoutes('/lists');

    const main = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    const names = within(main).getAllByRole('link').map((a) => a.textContent);
    expect(names.slice(0, 7)).toEqual(['Heute', 'Demnächst', 'Woche', 'Listen', 'Suche', 'Sync', 'Einstellungen']);
    expect(within(main).getByRole('link', { name: 'Listen' })).toHaveAttribute('href', '/lists');
    const yours = screen.getByRole('navigation', { name: 'Deine Listen' });
    await waitFor(() => expect(within(yours).getByRole('link', { name: 'Zuhause 2 offen' })).toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Listen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Liste' })).toBeInTheDocument();
    const row = within(screen.getByRole('list', { name: 'Alle Listen' })).getByRole('link', { name: 'Zuhause' });
    expect(row).toHaveAccessibleDescription('2 offene Aufgaben');
  });

  it('the Inbox is named in the language, in the sidebar and on its own screen, until renamed', async () => {
    await switchLanguage('de');
    await tasks.create({ title: 'Briefmarken kaufen' });
    renderRoutes('/lists');
    const yours = await screen.findByRole('navigation', { name: 'Deine Listen' });
    const inbox = await within(yours).findByRole('link', { name: 'Eingang 1 offen' });
    expect(within(yours).queryByRole('link', { name: /^Inbox/ })).toBeNull();
    // shown in German, stored under its English name: a backup, the server, another device keep it
    const stored = (await listLists()).find((l) => l.is_inbox);
    expect(stored?.name).toBe('Eingang');
    const inboxId = inbox.getAttribute('href')?.split('/').pop() ?? '';
    expect((await getDb().lists.get(inboxId))?.name).toBe('Inbox');
    await lists.update(inboxId, { name: 'Post' });
    await waitFor(() => expect(within(yours).getByRole('link', { name: 'Post 1 offen' })).toBeInTheDocument());
  });

  it('in Japanese on a phone: the four tabs and "新規タスク"', async () => {
    setMediaMatches(() => false);
    await switchLanguage('ja');
    renderRoutes('/lists');
    await screen.findByRole('heading', { level: 1, name: 'リスト' });
    const tabs = within(screen.getByRole('navigation', { name: 'メイン' })).getAllByRole('link');
    expect(tabs.map((a) => a.textContent)).toEqual(['今日', '今後の予定', '週', 'リスト']);
    expect(screen.getByRole('link', { name: '同期' })).toHaveAttribute('href', '/sync');
    expect(screen.getByRole('button', { name: '新規タスク' })).toBeInTheDocument();
  });
});

describe('share dialog', () => {
  afterEach(() => signOutForTests());

  it('in German: the people with their roles, and a refusal at the e-mail field', async () => {
    const { db, userId } = await signedIn();
    const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
    await switchLanguage('de');
    const { user } = renderRoutes(`/lists/${list.id}/share`);
    const dialog = await screen.findByRole('dialog', { name: '„Club“ teilen' });
    const d = within(dialog);
    const ann = await d.findByRole('listitem', { name: 'ann' });
    expect(within(ann).getByRole('combobox', { name: 'Zugriff für ann' })).toHaveValue('editor');
    const role = d.getByRole('combobox', { name: 'Rolle' });
    expect(within(role).getAllByRole('option').map((o) => o.textContent)).toEqual(['Bearbeiter', 'Betrachter']);
    await user.click(d.getByRole('button', { name: 'Einladen' }));
    expect(await d.findByText('Gib die E-Mail-Adresse der Person ein, die du einladen willst')).toBeInTheDocument();
    expect(d.getByRole('textbox', { name: 'E-Mail' })).toHaveFocus();
    // behind the dialog, the sidebar marks the list as shared, in German and its plural
    expect(screen.getByRole('img', { name: 'Geteilt, 2 Mitglieder', hidden: true })).toBeInTheDocument();
  });
});
