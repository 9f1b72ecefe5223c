import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDb, lists, outboxCount, refusedEntries, tasks } from '@/data';
import { refuseLocally } from '@/data/sync';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();

/** Queues a task with notes and has it refused as the server would, with `code`. */
async function refusedTask(title: string, notes: string, code: 'forbidden' | 'invalid' | 'stale' = 'forbidden', message = 'no') {
  await tasks.create({ title, notes });
  const [entry] = (await getDb().outbox.toArray()).slice(-1);
  await refuseLocally([{ id: entry!.id, error: { code, message } }]);
}

const refusedSection = () => screen.findByRole('list', { name: /Not synced/ });

describe('sync centre', () => {
  it('without an account, explains that sync needs one and links to sign-in', async () => {
    renderRoutes('/sync');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sync' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sync needs an account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to sync' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('shows status, account, last synced (relative and exact), and what is waiting, in words', async () => {
    const lastSyncedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const fake = installFakeSync({ status: 'waiting', pending: 3, lastSyncedAt });
    const garden = await lists.create({ name: 'Garden' });
    const task = await tasks.create({ title: 'Buy milk', list_id: garden.id });
    await tasks.update(task.id, { title: 'Buy oat milk' });
    const { user } = renderRoutes('/sync');

    const card = await screen.findByRole('region', { name: '3 changes waiting' });
    expect(within(card).getByText('Online')).toBeInTheDocument();
    expect(within(card).getByText('ann@example.com')).toBeInTheDocument();
    expect(within(card).getByText('5 minutes ago')).toBeInTheDocument();
    expect(card.querySelector(`time[datetime="${lastSyncedAt}"]`)).not.toBeNull();
    expect(within(card).getByText('3 changes')).toBeInTheDocument();

    const queued = await screen.findByRole('list', { name: /Waiting to sync/ });
    await waitFor(() =>
      expect(within(queued).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Create list “Garden”',
        'Add task “Buy milk”',
        'Rename a task to “Buy oat milk”',
      ]),
    );

    await user.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(fake.sync.syncNow).toHaveBeenCalledOnce();
  });

  it('lists refused changes with the server’s reason; Retry queues the change again and syncs', async () => {
    const fake = installFakeSync({ status: 'synced' });
    await refusedTask('Buy milk', 'Two litres');
    const { user } = renderRoutes('/sync');

    const refused = await refusedSection();
    const item = within(refused).getByRole('listitem', { name: 'Add task “Buy milk”' });
    expect(within(item).getByText('You can only view this list')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Retry' }));

    await waitFor(() => expect(screen.queryByRole('list', { name: /Not synced/ })).not.toBeInTheDocument());
    expect(await refusedEntries()).toEqual([]);
    expect(await outboxCount()).toBe(1);
    expect(within(await screen.findByRole('list', { name: /Waiting to sync/ })).getByText('Add task “Buy milk”')).toBeInTheDocument();
    expect(fake.sync.syncNow).toHaveBeenCalled();
  });

  it('a change refused as stale offers no Retry: sent again it would be refused again', async () => {
    installFakeSync({ status: 'synced' });
    await refusedTask('Water the plants', '', 'stale', 'The repeat was changed on another device — complete it again');
    renderRoutes('/sync');

    const item = within(await refusedSection()).getByRole('listitem', { name: 'Add task “Water the plants”' });
    expect(within(item).getByText(/complete it again/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Copy text' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Discard' })).toBeInTheDocument();
  });

  it('Discard asks first: Cancel keeps the change, "Discard change" forgets it', async () => {
    installFakeSync({ status: 'synced' });
    await refusedTask('Plan the trip', '', 'invalid', 'Title is too long for the server');
    const { user } = renderRoutes('/sync');

    const item = within(await refusedSection()).getByRole('listitem', { name: 'Add task “Plan the trip”' });
    expect(within(item).getByText('Title is too long for the server')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    expect(dialog).toHaveAccessibleDescription(/“Add task “Plan the trip”” won’t be synced/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(item).getByRole('button', { name: 'Discard' })).toHaveFocus();
    expect(await refusedEntries()).toHaveLength(1);

    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Discard this change?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard change' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: /Not synced/ })).not.toBeInTheDocument());
    expect(await refusedEntries()).toEqual([]);
  });

  it('Copy text puts the words the change carried on the clipboard and says so', async () => {
    installFakeSync({ status: 'synced' });
    await refusedTask('Buy milk', 'Two litres, semi-skimmed');
    const { user } = renderRoutes('/sync');

    const item = within(await refusedSection()).getByRole('listitem', { name: 'Add task “Buy milk”' });
    await user.click(within(item).getByRole('button', { name: 'Copy text' }));
    expect(await screen.findByText('Copied to the clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('Buy milk\n\nTwo litres, semi-skimmed');
  });

  it('when the browser won’t copy, shows the text to select by hand', async () => {
    installFakeSync({ status: 'synced' });
    await refusedTask('Buy milk', 'Two litres');
    const { user } = renderRoutes('/sync');
    const item = within(await refusedSection()).getByRole('listitem', { name: 'Add task “Buy milk”' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(item).getByRole('button', { name: 'Copy text' }));
    expect(await within(item).findByRole('textbox', { name: /Text of this change/ })).toHaveValue('Buy milk\n\nTwo litres');
  });

  it('an expired session offers to sign in again instead of Sync now', async () => {
    installFakeSync({ status: 'waiting', pending: 1, account: { state: 'expired', userId: 'user-ann', email: 'ann@example.com' } });
    renderRoutes('/sync');
    const card = await screen.findByRole('region', { name: '1 change waiting' });
    expect(within(card).getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/sign-in?email=ann%40example.com');
    expect(within(card).queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });
});
