import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getIdentity, listLists, lists, StorageFullError, tasks } from '@/data';
import { ListsScreen } from '@/features/lists/lists-screen';
import './support/match-media';
import { freshAppEachTest } from './support/fresh-app';

function renderListsScreen() {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const listsRoute = createRoute({ getParentRoute: () => root, path: '/lists', component: ListsScreen });
  const listRoute = createRoute({ getParentRoute: () => root, path: '/lists/$listId', component: () => <p>One list</p> });
  const router = createRouter({
    routeTree: root.addChildren([listsRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: ['/lists'] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'All lists' }))
    .getAllByRole('link')
    .map((a) => a.textContent?.replace(/\d+$/, ''));

freshAppEachTest();
afterEach(() => vi.restoreAllMocks());

describe('/lists', () => {
  it('shows the Inbox first, then the lists in order, with open counts', async () => {
    const work = await lists.create({ name: 'Work', color: 'blue' });
    await lists.create({ name: 'Home', color: 'green' });
    await tasks.create({ title: 'Report', list_id: work.id });
    await tasks.create({ title: 'Slides', list_id: work.id });
    const done = await tasks.create({ title: 'Old', list_id: work.id });
    await tasks.setDone(done.id, true);
    renderListsScreen();

    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'Work', 'Home']));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Work' })).toHaveAccessibleDescription('2 open tasks'));
    expect(screen.getByRole('link', { name: 'Inbox' })).toHaveAccessibleDescription('0 open tasks');
    expect(screen.getByRole('link', { name: 'Work' })).toHaveAttribute('href', `/lists/${work.id}`);
  });
});

describe('New list dialog', () => {
  async function openDialog() {
    const user = userEvent.setup();
    renderListsScreen();
    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    return { user, dialog };
  }

  it('creates the list with the chosen colour and closes', async () => {
    const { user, dialog } = await openDialog();
    const colours = within(dialog).getByRole('radiogroup', { name: 'Colour' });
    expect(within(colours).getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual([
      'grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple',
    ]);
    expect(within(colours).getByRole('radio', { name: 'Grey' })).toBeChecked();

    await user.type(within(dialog).getByRole('textbox', { name: 'List name' }), '  Garden  ');
    await user.click(within(colours).getByRole('radio', { name: 'Teal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'Garden' })).toBeInTheDocument();
    const stored = (await listLists()).find((l) => l.name === 'Garden');
    expect(stored?.color).toBe('teal');
  });

  it('says a name is required at the field and creates nothing', async () => {
    const { user, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('List name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('List name is required');
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox']);
  });

  it('refuses a name over 80 characters and keeps the text', async () => {
    const { user, dialog } = await openDialog();
    const long = 'x'.repeat(81);
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    await user.type(name, long);
    await user.keyboard('{Enter}');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('List name must be at most 80 characters');
    expect(name).toHaveValue(long);
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox']);

    await user.type(name, '{Backspace}');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox', 'x'.repeat(80)]);
  });

  it('keeps the dialog and the text open when storage is full', async () => {
    const { user, dialog } = await openDialog();
    vi.spyOn(lists, 'create').mockRejectedValueOnce(new StorageFullError());
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    await user.type(name, 'Trip');
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));

    expect(await screen.findByText('Storage is full — nothing was saved')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New list' })).toBeInTheDocument();
    expect(name).toHaveValue('Trip');
  });
});

describe('reordering', () => {
  async function setup() {
    await lists.create({ name: 'A' });
    await lists.create({ name: 'B' });
    await lists.create({ name: 'C' });
    const user = userEvent.setup();
    renderListsScreen();
    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'A', 'B', 'C']));
    return user;
  }

  it('moves with Move up / Move down buttons and announces it', async () => {
    const user = await setup();
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    expect(screen.getByRole('button', { name: 'Move A up' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: /Move Inbox/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move A down' }));
    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'B', 'A', 'C']));
    expect(await screen.findByText('A moved to position 3 of 4')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move A down' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Move C up' }));
    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'B', 'C', 'A']));
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox', 'B', 'C', 'A']);

    // The first orderable list can't go above the Inbox.
    await user.click(screen.getByRole('button', { name: 'Move B up' }));
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox', 'B', 'C', 'A']);
  });

  it('moves the focused list with Alt+Arrow keys', async () => {
    const user = await setup();
    act(() => screen.getByRole('link', { name: 'C' }).focus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'A', 'C', 'B']));
    expect(await screen.findByText('C moved to position 3 of 4')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('link', { name: 'C' })).toHaveFocus());

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(rowNames()).toEqual(['Inbox', 'C', 'A', 'B']));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect((await listLists()).map((l) => l.name)).toEqual(['Inbox', 'C', 'A', 'B']);
    const identity = await getIdentity();
    expect((await listLists())[0]?.id).toBe(identity?.inboxId);
  });
});
