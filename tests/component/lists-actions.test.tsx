import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, getList, listTasks, lists, tasks } from '@/data';
import { ListActions } from '@/features/lists/list-actions';
import './support/match-media';
import { freshAppEachTest } from './support/fresh-app';

/** The list screen's header as ui-core composes it: the route renders ListActions for its list. */
function renderListHeader(listId: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const listsRoute = createRoute({ getParentRoute: () => root, path: '/lists', component: () => <h1>All lists</h1> });
  const listRoute = createRoute({
    getParentRoute: () => root,
    path: '/lists/$listId',
    component: function ListHeader() {
      const { listId: id } = listRoute.useParams();
      return <ListActions listId={id} />;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([listsRoute, listRoute]),
    history: createMemoryHistory({ initialEntries: [`/lists/${listId}`] }),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

freshAppEachTest();

describe('ListActions', () => {
  it('renames and recolours the list', async () => {
    const list = await lists.create({ name: 'Errands', color: 'red' });
    const { user } = renderListHeader(list.id);

    await user.click(await screen.findByRole('button', { name: 'Edit list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit list' });
    const name = within(dialog).getByRole('textbox', { name: 'List name' });
    expect(name).toHaveValue('Errands');
    expect(within(dialog).getByRole('radio', { name: 'Red' })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Groceries');
    await user.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await getList(list.id)).toMatchObject({ name: 'Groceries', color: 'green' });
  });

  it('refuses an empty name at the field and keeps the list as it was', async () => {
    const list = await lists.create({ name: 'Errands' });
    const { user } = renderListHeader(list.id);
    await user.click(await screen.findByRole('button', { name: 'Edit list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit list' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'List name' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('List name is required');
    expect((await getList(list.id))?.name).toBe('Errands');
  });

  it('deletes after saying how many tasks go with it, then Undo brings both back', async () => {
    const list = await lists.create({ name: 'Trip' });
    await tasks.create({ title: 'Passport', list_id: list.id });
    const done = await tasks.create({ title: 'Book train', list_id: list.id });
    await tasks.setDone(done.id, true);
    const { router, user } = renderListHeader(list.id);

    await user.click(await screen.findByRole('button', { name: 'Delete list' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete “Trip”?' });
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('Its 2 tasks will be deleted with it.'));
    await user.click(within(confirm).getByRole('button', { name: 'Delete list' }));

    expect(await screen.findByRole('heading', { name: 'All lists' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lists');
    expect(await getList(list.id)).toBeNull();
    expect(await listTasks(list.id, 'all')).toEqual([]);
    expect(await screen.findByText('List deleted')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect((await getList(list.id))?.name).toBe('Trip'));
    expect((await listTasks(list.id, 'all')).map((t) => t.title).sort()).toEqual(['Book train', 'Passport']);
  });

  it('cancelling the confirmation keeps the list', async () => {
    const list = await lists.create({ name: 'Keep me' });
    const { user } = renderListHeader(list.id);
    await user.click(await screen.findByRole('button', { name: 'Delete list' }));
    const confirm = await screen.findByRole('alertdialog');
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('It has no tasks.'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect((await getList(list.id))?.name).toBe('Keep me');
  });

  it('offers no delete for the Inbox, only editing', async () => {
    const identity = await getIdentity();
    const { user } = renderListHeader(identity!.inboxId);
    expect(await screen.findByRole('button', { name: 'Edit list' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();

    // The data layer refuses too, with the message the UI would show.
    await expect(lists.delete(identity!.inboxId)).rejects.toThrow("The Inbox can't be deleted");
    await user.click(screen.getByRole('button', { name: 'Edit list' }));
    expect(await screen.findByRole('dialog', { name: 'Edit list' })).toBeInTheDocument();
  });

  it('hides the owner-only actions from members who are not the owner', async () => {
    const identity = await getIdentity();
    const list = await lists.create({ name: 'Shared' });
    renderListHeader(list.id);
    expect(await screen.findByRole('button', { name: 'Edit list' })).toBeInTheDocument();

    // As a pull leaves it when someone else owns the list and we are an editor.
    const db = getDb();
    await db.members.put({ list_id: list.id, user_id: 'someone-else', email: 'owner@example.com', role: 'owner' });
    await db.members.put({ list_id: list.id, user_id: identity!.userId, email: 'me@example.com', role: 'editor' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit list' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Delete list' })).not.toBeInTheDocument();
  });
});
