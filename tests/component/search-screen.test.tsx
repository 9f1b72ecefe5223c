import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lists, tasks } from '@/data';
import { importData } from '@/data/backup';
import { Route as SearchRoute } from '@/routes/search';
import { freshAppEachTest } from './support/fresh-app';

/** The real /search route file (validateSearch + screen) under a minimal root, as the generated tree mounts it. */
function renderSearch(url: string) {
  const root = createRootRoute({ component: Outlet });
  const search = SearchRoute.update({ id: '/search', path: '/search', getParentRoute: () => root } as never);
  const task = createRoute({ getParentRoute: () => root, path: '/tasks/$taskId', component: () => <p>Task dialog</p> });
  const router = createRouter({
    routeTree: root.addChildren([search as never, task]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

const results = () => within(screen.getByRole('list', { name: 'Results' }));

freshAppEachTest();

describe('/search', () => {
  it('finds tasks by title and by notes, linking each to its task', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const paint = await tasks.create({ title: 'Paint the fence', list_id: home.id });
    const call = await tasks.create({ title: 'Call Sam', notes: 'Ask about the fence posts', list_id: home.id });
    await tasks.create({ title: 'Unrelated' });
    const { user } = renderSearch('/search');

    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await user.type(box, 'fence');

    await waitFor(() => expect(results().getAllByRole('listitem')).toHaveLength(2));
    // Title matches rank before notes matches.
    const links = results().getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Paint the fence', 'Call Sam']);
    expect(links[0]).toHaveAttribute('href', `/tasks/${paint.id}`);
    expect(links[1]).toHaveAttribute('href', `/tasks/${call.id}`);
    expect(links[1]).toHaveAccessibleDescription(/Home.*Ask about the fence posts/);
    // Matches are marked as elements, in the title and in the notes excerpt.
    expect(screen.getAllByText('fence', { selector: 'mark' })).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 tasks');
  });

  it('reads q from the URL and writes what is typed back to it', async () => {
    await tasks.create({ title: 'Buy milk' });
    await tasks.create({ title: 'Buy bread' });
    const { router, user } = renderSearch('/search?q=milk');

    const box = await screen.findByRole('searchbox', { name: 'Search' });
    expect(box).toHaveValue('milk');
    await waitFor(() => expect(results().getAllByRole('link').map((a) => a.textContent)).toEqual(['Buy milk']));

    await user.clear(box);
    await user.type(box, 'Buy');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'Buy' }));
    await waitFor(() => expect(results().getAllByRole('link')).toHaveLength(2));

    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('follows the URL when it changes by itself (back/forward)', async () => {
    await tasks.create({ title: 'Buy milk' });
    const { router } = renderSearch('/search?q=milk');
    const box = await screen.findByRole('searchbox', { name: 'Search' });
    await act(() => router.navigate({ to: '/search', search: { q: 'bread' } }));
    await waitFor(() => expect(box).toHaveValue('bread'));
    expect(await screen.findByText('No tasks match “bread”')).toBeInTheDocument();
    await act(() => router.history.back());
    await waitFor(() => expect(box).toHaveValue('milk'));
  });

  it('says when nothing matches, and leaves deleted tasks out', async () => {
    const gone = await tasks.create({ title: 'Old receipt' });
    await tasks.delete(gone.id);
    const { user } = renderSearch('/search');
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'receipt');
    expect(await screen.findByText('No tasks match “receipt”')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Results' })).not.toBeInTheDocument();
  });

  it('shows task titles as text, never as markup', async () => {
    await tasks.create({ title: '<img src=x onerror=alert(1)> note' });
    renderSearch('/search?q=note');
    await waitFor(() => expect(results().getByRole('link')).toHaveTextContent('<img src=x onerror=alert(1)> note'));
    expect(document.querySelector('img')).toBeNull();
  });

  it('says the results are capped at 200', async () => {
    await importData({
      format: 'daybook',
      lists: [],
      tasks: Array.from({ length: 205 }, (_, i) => ({ title: `Chore ${i}` })),
    });
    renderSearch('/search?q=chore');
    expect(await screen.findByText('Showing the first 200 matches — type more to narrow the search')).toBeInTheDocument();
    expect(results().getAllByRole('listitem')).toHaveLength(200);
  });
});
