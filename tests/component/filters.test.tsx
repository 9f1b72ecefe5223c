// Saved filters in the UI (SPEC §14.2, names of §15.1): "New filter" on the Lists screen saves a
// filter and opens its screen, which shows the tasks it keeps and follows writes live; "Edit
// filter" changes it; "Delete filter" removes it from "Filters".
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, tasks } from '@/data';
import { labels } from '@/data/labels';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

const titles = (list: HTMLElement) => within(list).getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'));

describe('saved filters', () => {
  it('"New filter" saves one and its screen shows its tasks, live; Edit and Delete work', async () => {
    await tasks.create({ title: 'Pay rent', priority: 3 });
    await tasks.create({ title: 'Water plants', priority: 1 });
    const milk = await tasks.create({ title: 'Buy milk', priority: 3 });
    await labels.addByName(milk.id, ['Errands']);
    const { user, router } = renderRoutes('/lists');
    const section = await screen.findByRole('region', { name: 'Filters' });
    await user.click(within(section).getByRole('button', { name: 'New filter' }));
    const dialog = await screen.findByRole('dialog', { name: 'New filter' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Filter name' }), 'Urgent');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Priority at least' }), 'High');
    await user.click(within(dialog).getByRole('button', { name: 'Save filter' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/filters\//));
    expect(await screen.findByRole('heading', { level: 1, name: 'Urgent' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tasks in Urgent' });
    await waitFor(() => expect(titles(list).sort()).toEqual(['Buy milk', 'Pay rent']));
    const saved = (await getDb().filters.toArray())[0]!;
    expect(saved).toMatchObject({ name: 'Urgent', query: { priority_at_least: 3 } });

    // live: a new high-priority task appears without leaving the screen
    await tasks.create({ title: 'Call the bank', priority: 3 });
    await waitFor(() => expect(titles(list).sort()).toEqual(['Buy milk', 'Call the bank', 'Pay rent']));

    await user.click(screen.getByRole('button', { name: 'Edit filter' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit filter' });
    await user.click(within(edit).getByRole('checkbox', { name: 'Errands' }));
    await user.click(within(edit).getByRole('button', { name: 'Save filter' }));
    await waitFor(() => expect(titles(screen.getByRole('list', { name: 'Tasks in Urgent' }))).toEqual(['Buy milk']));

    await user.click(screen.getByRole('button', { name: 'Delete filter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lists'));
    const after = await screen.findByRole('region', { name: 'Filters' });
    await waitFor(() => expect(within(after).queryByRole('list', { name: 'All filters' })).toBeNull());
    expect((await getDb().outbox.toArray()).map((m) => m.name).filter((n) => n.startsWith('filter.'))).toEqual(['filter.create', 'filter.update', 'filter.delete']);
  }, 30_000);
});
