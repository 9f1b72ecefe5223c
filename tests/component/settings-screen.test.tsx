import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb, listLists, listTasks, lists, resetDatabaseForTests, tasks } from '@/data';
import { SettingsScreen } from '@/features/settings/settings-screen';
import { THEME_KEY } from '@/lib/theme';
import { provideSync } from '@/sync-status/load-sync';
import { installFakeSync } from './support/fake-sync';
import './support/match-media';

function renderSettings() {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const settings = createRoute({ getParentRoute: () => root, path: '/settings', component: () => <SettingsScreen /> });
  const signIn = createRoute({ getParentRoute: () => root, path: '/sign-in', component: () => <h1>Sign in page</h1> });
  const router = createRouter({
    routeTree: root.addChildren([settings, signIn]),
    history: createMemoryHistory({ initialEntries: ['/settings'] }),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const jsonFile = (content: unknown, name = 'backup.json') =>
  new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });

beforeEach(async () => {
  await resetDatabaseForTests();
  await getDb().open();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
afterEach(() => vi.restoreAllMocks());

describe('Settings → Backup import', () => {
  it('imports the good records and lists every skipped one with its reason', async () => {
    const { user } = renderSettings();
    const file = {
      format: 'daybook',
      version: 1,
      lists: [
        { id: '00000000-0000-4000-8000-0000000000a1', name: 'Garden', color: 'green' },
        { id: '00000000-0000-4000-8000-0000000000a2', name: '   ', color: 'red' },
      ],
      tasks: [
        { id: '00000000-0000-4000-8000-0000000000b1', list_id: '00000000-0000-4000-8000-0000000000a1', title: 'Plant beans', notes: '' },
        { id: '00000000-0000-4000-8000-0000000000b2', list_id: '00000000-0000-4000-8000-0000000000a1', title: '' },
        { id: '00000000-0000-4000-8000-0000000000b3', list_id: '00000000-0000-4000-8000-0000000000a1', title: 'Water', due_date: '3001-01-01' },
        { id: '00000000-0000-4000-8000-0000000000b4', list_id: '00000000-0000-4000-8000-0000000000a1', title: 'Mow', due_time: '09:00' },
        { id: '00000000-0000-4000-8000-0000000000b5', title: 'Loose end' },
      ],
    };
    await user.upload(await screen.findByLabelText('Import data'), jsonFile(file));

    const report = await screen.findByRole('region', { name: 'Import report' }, { timeout: 5000 });
    // signed out, the server can't say which ids are free: every record takes a new one
    expect(within(report).getByText('backup.json: Imported 1 list and 2 tasks (3 given new ids).')).toBeInTheDocument();
    expect(within(report).getByText('Skipped 4 records:')).toBeInTheDocument();
    const skipped = within(within(report).getByRole('list', { name: 'Skipped records' })).getAllByRole('listitem');
    expect(skipped.map((li) => li.textContent)).toEqual([
      'List 2: List name is required',
      'Task 2: Title is required',
      'Task 3 “Water”: Pick a date between 1900 and 2999',
      'Task 4 “Mow”: Set a date before setting a time',
    ]);

    // What the report says was imported really is on the device.
    const all = await listLists();
    expect(all.map((l) => l.name)).toEqual(['Inbox', 'Garden']);
    const garden = all[1]!;
    expect((await listTasks(garden.id)).map((t) => t.title)).toEqual(['Plant beans']);
    expect((await listTasks(all[0]!.id)).map((t) => t.title)).toEqual(['Loose end']);
  });

  it('says a record already here was skipped when the same file is imported twice', async () => {
    const { user } = renderSettings();
    const file = { format: 'daybook', version: 1, lists: [], tasks: [{ id: '00000000-0000-4000-8000-0000000000c1', title: 'Once' }] };
    await user.upload(await screen.findByLabelText('Import data'), jsonFile(file));
    expect(await screen.findByText('backup.json: Imported 0 lists and 1 task (1 given a new id).')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Import data'), jsonFile(file));
    expect(await screen.findByText('backup.json: Nothing was imported.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Skipped records' })).toHaveTextContent('Task 1 “Once”: Already on this device');
    expect((await listTasks((await listLists())[0]!.id)).map((t) => t.title)).toEqual(['Once']);
  });

  it('signed in, catches up first, then keeps only the ids the server says are free and says how many got new ones', async () => {
    const fake = installFakeSync();
    const order: string[] = [];
    fake.sync.syncNow.mockImplementation(async () => void order.push('sync'));
    const taken = '00000000-0000-4000-8000-0000000000d1';
    fake.sync.idsInUse = vi.fn(async (ids: string[]) => {
      order.push('ask');
      return new Set(ids.filter((id) => id === taken));
    });
    try {
      const { user } = renderSettings();
      const file = {
        format: 'daybook',
        version: 1,
        lists: [],
        tasks: [
          { id: taken, title: 'Theirs' },
          { id: '00000000-0000-4000-8000-0000000000d2', title: 'Free' },
        ],
      };
      await user.upload(await screen.findByLabelText('Import data'), jsonFile(file));
      expect(await screen.findByText('backup.json: Imported 0 lists and 2 tasks (1 given a new id).')).toBeInTheDocument();
      expect(order).toEqual(['sync', 'ask']);
      const ids = (await getDb().tasks.toArray()).map((t) => t.id);
      expect(ids).toContain('00000000-0000-4000-8000-0000000000d2');
      expect(ids).not.toContain(taken);
    } finally {
      provideSync(null);
    }
  });

  it.each([
    ['not JSON at all', '{ nope', 'notes.json: This file isn’t valid JSON — nothing was imported'],
    ['JSON that is not an export', { hello: 'world' }, 'notes.json: This file is not a Daybook export'],
    [
      'an export with a row that could never sync',
      { format: 'daybook', version: 1, lists: [{ id: 'my-list', name: 'Home', color: 'red' }], tasks: [] },
      'notes.json: Nothing was imported: list 1 (“Home”) has an id that isn’t a UUID',
    ],
  ])('refuses %s at the field and imports nothing', async (_label, content, message) => {
    const { user } = renderSettings();
    const input = await screen.findByLabelText('Import data');
    await user.upload(input, jsonFile(content, 'notes.json'));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAccessibleDescription(message);
    expect(await listLists()).toHaveLength(1);
  });
});

describe('Settings → Backup export', () => {
  it('downloads daybook-export-<date>.json holding every list and task', async () => {
    const home = await lists.create({ name: 'Home' });
    await tasks.create({ title: 'Fix tap', list_id: home.id });
    // jsdom implements neither blob URLs nor downloads; capture what the browser would get.
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderSettings();

    await user.click(await screen.findByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('Exported 2 lists and 1 task.')).toBeInTheDocument();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toMatch(/^daybook-export-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.format).toBe('daybook');
    expect(exported.lists.map((l: { name: string }) => l.name)).toEqual(['Inbox', 'Home']);
    expect(exported.tasks.map((t: { title: string }) => t.title)).toEqual(['Fix tap']);
  });
});

describe('Settings → Account and Appearance', () => {
  it('offers signing in to sync while on this device only', async () => {
    const { router, user } = renderSettings();
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Using Daybook on this device only')).toBeInTheDocument();
    await user.click(within(account).getByRole('link', { name: 'Sign in to sync' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('switches the theme and remembers it', async () => {
    const { user } = renderSettings();
    const theme = await screen.findByRole('radiogroup', { name: 'Theme' });
    expect(within(theme).getByRole('radio', { name: 'System' })).toBeChecked();

    await user.click(within(theme).getByRole('radio', { name: 'Dark' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');

    await user.click(within(theme).getByRole('radio', { name: 'System' }));
    expect(document.documentElement).not.toHaveAttribute('data-theme');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
  });
});

describe('Settings → Storage', () => {
  // jsdom has no StorageManager; this stands in for the browser's answers.
  function fakeStorage(persisted: boolean, grant: boolean) {
    const storage = {
      persisted: vi.fn(async () => persisted),
      persist: vi.fn(async () => grant),
      estimate: vi.fn(async () => ({ usage: 1536 * 1024, quota: 2 * 1024 ** 3 })),
    };
    Object.defineProperty(navigator, 'storage', { value: storage, configurable: true });
    return storage;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('asks the browser to keep the data and shows its answer', async () => {
    const storage = fakeStorage(false, true);
    const { user } = renderSettings();
    expect(await screen.findByText('The browser may clear Daybook’s data if the device runs low on space.')).toBeInTheDocument();
    expect(screen.getByText('Using 1.5 MB of 2.0 GB available to Daybook.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Keep data on this device' }));
    expect(storage.persist).toHaveBeenCalledOnce();
    expect(await screen.findByText('Done — the browser will keep Daybook’s data.')).toBeInTheDocument();
    expect(screen.getByText(/Kept on this device/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep data on this device' })).not.toBeInTheDocument();
  });

  it('says when the browser declines', async () => {
    fakeStorage(false, false);
    const { user } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Keep data on this device' }));
    expect(await screen.findByText(/The browser declined for now/)).toBeInTheDocument();
  });

  it('says nothing needs doing when the data is already kept', async () => {
    fakeStorage(true, true);
    renderSettings();
    expect(await screen.findByText(/Kept on this device/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Keep data on this device' })).not.toBeInTheDocument();
  });
});

describe('Settings → Install', () => {
  it('shows "Install app" only once the browser offers it, prompts, and then says Installed', async () => {
    const { user } = renderSettings();
    const install = await screen.findByRole('region', { name: 'Install' });
    expect(within(install).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();

    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: vi.fn(async () => {}),
      userChoice: Promise.resolve({ outcome: 'accepted' as const }),
    });
    act(() => {
      window.dispatchEvent(offer);
    });
    expect(offer.defaultPrevented).toBe(true);
    await user.click(await within(install).findByRole('button', { name: 'Install app' }));
    expect(offer.prompt).toHaveBeenCalledOnce();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await within(install).findByText('Installed')).toBeInTheDocument();
    expect(within(install).queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });
});
