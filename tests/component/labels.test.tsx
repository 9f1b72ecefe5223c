// Labels in the UI (SPEC §14.1, names of §15.1): quick add's "@label" shows "New label <name>" in
// "Recognised" and makes it on Enter; the task dialog's "Labels" adds an existing label, makes a new
// one and removes one; rows show labels as chips; the Lists screen's "Labels" renames, recolours
// and deletes a label; a label's screen lists its tasks.
import './support/match-media';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { getDb, listLabels, tasks } from '@/data';
import { labels } from '@/data/labels';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

async function labelNamesOn(taskId: string): Promise<string[]> {
  const db = getDb();
  const rows = await db.task_labels.where('[task_id+label_id]').between([taskId, ''], [taskId, '\uffff']).toArray();
  const names: string[] = [];
  for (const r of rows) {
    const label = await db.labels.get(r.label_id);
    if (!r.deleted_at && label && !label.deleted_at) names.push(label.name);
  }
  return names.sort();
}

describe('labels', () => {
  it('quick add shows "New label <name>" for an unknown @name and makes it on Enter; a known one keeps its spelling', async () => {
    await labels.create('Errands', 'teal');
    render(
      <>
        <QuickAdd />
        <AppToaster />
      </>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'New task' });
    await user.type(box, 'Buy milk @errands @phone');
    const region = await screen.findByRole('region', { name: 'Recognised' });
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Label: Errands', 'New label phone']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const task = (await getDb().tasks.toArray())[0]!;
    expect(task.title).toBe('Buy milk');
    await waitFor(async () => expect(await labelNamesOn(task.id)).toEqual(['Errands', 'phone']));
    expect((await listLabels()).map((l) => l.name)).toEqual(['Errands', 'phone']);
  });

  it('the task dialog adds an existing label, makes a new one and removes one; the row shows them as chips', async () => {
    const task = await tasks.create({ title: 'Plan the trip' });
    await labels.create('Errands', 'teal');
    const { user } = renderRoutes(`/tasks/${task.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Task' });
    const group = await within(dialog).findByRole('group', { name: 'Labels' });
    const box = within(group).getByRole('combobox', { name: 'Add label' });

    await user.type(box, 'errands');
    expect(within(group).getByRole('button', { name: 'Add' })).toBeEnabled();
    await user.keyboard('{Enter}');
    await within(group).findByRole('button', { name: 'Remove label Errands' });
    expect(box).toHaveValue('');

    await user.type(box, 'Visa');
    await user.click(within(group).getByRole('button', { name: 'New label Visa' }));
    await within(group).findByRole('button', { name: 'Remove label Visa' });
    expect(await labelNamesOn(task.id)).toEqual(['Errands', 'Visa']);

    await user.click(within(group).getByRole('button', { name: 'Remove label Errands' }));
    await waitFor(() => expect(within(group).queryByRole('button', { name: 'Remove label Errands' })).toBeNull());
    expect(await labelNamesOn(task.id)).toEqual(['Visa']);
    expect((await getDb().outbox.toArray()).map((m) => m.name)).toEqual(['task.create', 'label.create', 'task_label.add', 'label.create', 'task_label.add', 'task_label.remove']);
  }, 30_000);

  it('a row on Today shows the task’s labels as chips', async () => {
    const task = await tasks.create({ title: 'Call the bank', due_date: new Date().toISOString().slice(0, 10) });
    await labels.addByName(task.id, ['Phone']);
    renderRoutes('/today');
    const row = (await screen.findByRole('checkbox', { name: 'Call the bank' })).closest('li')!;
    await waitFor(() => expect(row).toHaveTextContent('Label Phone'));
  });

  it('the Lists screen renames, recolours and deletes a label; its link opens its tasks', async () => {
    const task = await tasks.create({ title: 'Buy stamps' });
    await labels.addByName(task.id, ['Errands']);
    const { user, router } = renderRoutes('/lists');
    const section = await screen.findByRole('region', { name: 'Labels' });
    await user.click(await within(section).findByRole('button', { name: 'Edit label Errands' }));
    const name = within(section).getByRole('textbox', { name: 'Label name' });
    await user.clear(name);
    await user.type(name, 'Shops');
    await user.selectOptions(within(section).getByRole('combobox', { name: 'Colour' }), 'Purple');
    await user.click(within(section).getByRole('button', { name: 'Save' }));
    const link = await within(section).findByRole('link', { name: 'Shops' });
    expect((await listLabels()).map((l) => [l.name, l.color])).toEqual([['Shops', 'purple']]);

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/labels\//));
    expect(await screen.findByRole('heading', { name: 'Shops' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Buy stamps' })).toBeInTheDocument();

    await router.navigate({ to: '/lists' as never });
    const again = await screen.findByRole('region', { name: 'Labels' });
    await user.click(await within(again).findByRole('button', { name: 'Edit label Shops' }));
    await user.click(within(again).getByRole('button', { name: 'Delete label' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete label' }));
    await waitFor(async () => expect(await listLabels()).toEqual([]));
    expect(await labelNamesOn(task.id)).toEqual([]);
    // the row of a deleted label stays (so it syncs), hidden
    expect(await getDb().task_labels.count()).toBe(1);
  }, 30_000);
});
