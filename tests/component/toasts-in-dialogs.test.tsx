import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import { getTask, tasks } from '@/data';
import { todayIso } from '@/lib/dates';
import type { RefusedEntry } from '@/domain/model';
import { installFakeSync } from './support/fake-sync';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();
afterEach(() => {
  act(() => {
    toast.remove();
  });
  provideSync(null);
});

const refusal: RefusedEntry = {
  id: 7,
  name: 'task.update',
  args: { id: 't1', patch: { title: 'Pay the rent' } },
  created_at: '2026-01-01T00:00:00.000Z',
  error: { code: 'forbidden', message: 'viewer' },
  refused_at: '2026-01-01T00:00:01.000Z',
};

// Radix hides everything outside an open modal from assistive tech (and Testing Library's
// role queries skip hidden elements), and traps Tab inside it: a toast must be inside to count.
describe('toasts while a dialog is open', () => {
  it('a refusal arriving over the task dialog is announced inside it, and Tab reaches its Review', async () => {
    const fake = installFakeSync();
    const task = await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    const { user, router } = renderRoutes(`/tasks/${task.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    await within(dialog).findByRole('textbox', { name: 'Title' });

    fake.emit({ type: 'refused', items: [refusal] });
    const status = await within(dialog).findByRole('status');
    expect(status).toHaveTextContent("Couldn't sync 1 change: you can only view this list");
    const review = within(dialog).getByRole('button', { name: 'Review' });

    for (let i = 0; i < 20 && document.activeElement !== review; i++) await user.tab();
    expect(review).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/sync'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a toast already showing moves into a dialog that opens, and back out when it closes', async () => {
    const task = await tasks.create({ title: 'Pay rent', due_date: todayIso() });
    await tasks.create({ title: 'Call the bank', due_date: todayIso() });
    const { user } = renderRoutes('/today');
    await user.click(await screen.findByRole('checkbox', { name: 'Pay rent' }));
    expect((await screen.findByRole('button', { name: 'Undo' })).closest('[role="dialog"]')).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Call the bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    expect(await within(dialog).findByRole('button', { name: 'Undo' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(undo.closest('[role="dialog"]')).toBeNull();
    await user.click(undo);
    await waitFor(async () => expect((await getTask(task.id))?.done).toBe(false));
  });
});
