import { setMediaMatches } from './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getIdentity, lists, listTasks, tasks } from '@/data';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

const NAV = [
  ['Today', '/today'],
  ['Upcoming', '/upcoming'],
  ['Week', '/week'],
  ['Lists', '/lists'],
  ['Search', '/search'],
  ['Sync', '/sync'],
  ['Settings', '/settings'],
] as const;

freshAppEachTest();
afterEach(() => setMediaMatches((q) => q.includes('min-width')));

describe('app shell', () => {
  it('on a wide screen, the sidebar links every destination and each list with its open count', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    await tasks.create({ title: 'Fix the tap', list_id: home.id });
    await tasks.create({ title: 'Paint the fence', list_id: home.id });
    const done = await tasks.create({ title: 'Old', list_id: home.id });
    await tasks.setDone(done.id, true);
    const { inboxId } = (await getIdentity())!;
    renderRoutes('/today');

    const main = await screen.findByRole('navigation', { name: 'Main' });
    for (const [name, href] of NAV) expect(within(main).getByRole('link', { name })).toHaveAttribute('href', href);
    expect(within(main).getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');

    const yours = screen.getByRole('navigation', { name: 'Your lists' });
    await waitFor(() => expect(within(yours).getByRole('link', { name: 'Home 2 open' })).toHaveAttribute('href', `/lists/${home.id}`));
    expect(within(yours).getByRole('link', { name: 'Inbox' })).toHaveAttribute('href', `/lists/${inboxId}`);
    expect(screen.getByRole('status', { name: 'Local only' })).toBeInTheDocument();
  });

  it('on a narrow screen, the bottom and top bars still reach every destination and show sync status', async () => {
    setMediaMatches(() => false);
    renderRoutes('/today');
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Your lists' })).toBeNull();
    for (const [name, href] of NAV) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(screen.getByRole('status', { name: 'Local only' })).toBeInTheDocument();
    // the bottom bar holds Today, Upcoming, Week and Lists; Search and Sync are in the header
    const tabs = within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link');
    expect(tabs.map((a) => a.textContent)).toEqual(['Today', 'Upcoming', 'Week', 'Lists']);
    expect(screen.getByRole('link', { name: 'Sync' })).toContainElement(screen.getByRole('status', { name: 'Local only' }));
    expect(screen.getByRole('button', { name: 'New task' })).toBeInTheDocument();
  });

  it('on a narrow screen, "New task" opens quick add in a sheet that adds to the list on screen', async () => {
    setMediaMatches(() => false);
    const home = await lists.create({ name: 'Home', color: 'green' });
    const { user } = renderRoutes(`/lists/${home.id}`);
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    await user.click(screen.getByRole('button', { name: 'New task' }));
    const sheet = await screen.findByRole('dialog', { name: 'New task' });
    await user.type(within(sheet).getByRole('textbox', { name: 'New task' }), 'Fix the gate{Enter}');
    await waitFor(async () => expect((await listTasks(home.id, 'open')).map((t) => t.title)).toEqual(['Fix the gate']));
    // it shows on the screen behind, so nothing says where it went
    expect(screen.queryByText(/^Added to/)).toBeNull();
    expect(within(sheet).getByRole('textbox', { name: 'New task' })).toHaveValue('');
  });

  it('opens "Keyboard shortcuts" with ?, and never while typing', async () => {
    const { user } = renderRoutes('/today');
    const box = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(box, '?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    expect(box).toHaveValue('?');
    box.blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Go to Week')).toBeInTheDocument();
  });

  it('opens a list from the sidebar', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const { user, router } = renderRoutes('/today');
    const yours = await screen.findByRole('navigation', { name: 'Your lists' });
    await user.click(await within(yours).findByRole('link', { name: /^Home/ }));
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    expect(router.state.location.pathname).toBe(`/lists/${home.id}`);
  });
});
