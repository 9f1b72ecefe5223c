// Who does what (SPEC §13.2) on screen: the task dialog's "Assignee" and "Take turns" controls,
// the row's initials, quick add's "+name", and "Assigned to me" (/assigned) live from the device.
import './support/match-media';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDb, getIdentity, getTask, tasks, toTaskRow } from '@/data';
import { setEveryonesTasks } from '@/domain/mine-first';
import { addDays, todayIso } from '@/lib/dates';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { MY_EMAIL, seedSharedList } from './support/sharing';

freshAppEachTest();

const ANN = 'ann@example.com';
/** The name Ann chose (SPEC §16): what every control shows of her. */
const ANN_NAME = 'Ann Lee';

async function shared(myRole: 'owner' | 'editor' | 'viewer' = 'owner') {
  const me = (await getIdentity())!.userId;
  const people = myRole === 'owner' ? { [ANN]: 'editor' as const } : { [ANN]: 'owner' as const };
  const seeded = await seedSharedList(getDb(), me, myRole, people);
  await getDb().members.update([seeded.list.id, seeded.ids[ANN]!], { display_name: ANN_NAME, color: 'teal' });
  return { me, ann: seeded.ids[ANN] as string, list: seeded.list };
}

async function openDialog(taskId: string) {
  const app = renderRoutes(`/tasks/${taskId}`);
  const dialog = await screen.findByRole('dialog', { name: 'Task' });
  await within(dialog).findByRole('textbox', { name: 'Title' });
  return { ...app, d: within(dialog) };
}

describe('assignee in the task dialog', () => {
  it('assigns a task to a member of a shared list, and the row shows their initials', { timeout: 20000 }, async () => {
    const { ann, list } = await shared();
    // The row stays on Today once it is Ann's only with everyone's tasks shown (SPEC §17 "Mine first").
    setEveryonesTasks(true);
    const task = await tasks.create({ title: 'Book the hall', list_id: list.id, due_date: todayIso() });
    const { d, user } = await openDialog(task.id);
    const assignee = await d.findByRole('combobox', { name: 'Assignee' });
    expect(within(assignee).getAllByRole('option').map((o) => o.textContent)).toEqual(['Nobody', ANN_NAME, MY_EMAIL.split('@')[0]]);
    expect(assignee).toHaveValue('');
    await user.selectOptions(assignee, ANN_NAME);
    await waitFor(async () => expect((await getTask(task.id))?.assignee).toBe(ann));
    await user.click(d.getByRole('button', { name: 'Close' }));
    const row = await screen.findByRole('img', { name: `Assigned to ${ANN_NAME}` });
    expect(row).toHaveTextContent('AL');
    setEveryonesTasks(false);
  });

  it('offers no assignee on a list nobody shares', async () => {
    const task = await tasks.create({ title: 'Alone' });
    const { d } = await openDialog(task.id);
    expect(d.queryByRole('combobox', { name: 'Assignee' })).toBeNull();
  });

  it('shows a viewer the assignee but lets them change nothing', async () => {
    const { ann, list } = await shared('viewer');
    // the task as a pull brings it (a viewer adds nothing)
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await getDb().tasks.put(
      toTaskRow({
        id, list_id: list.id, title: 'Bins', notes: '', due_date: null, due_time: null, priority: 0, done: false, done_at: null,
        position: 'a0', created_by: ann, created_at: now, updated_at: now, deleted_at: null, version: 1, assignee: ann,
      }),
    );
    const { d } = await openDialog(id);
    const assignee = await d.findByRole('combobox', { name: 'Assignee' });
    expect(assignee).toBeDisabled();
    expect(assignee).toHaveValue(ann);
  });

  it('takes turns on a repeating task between the members ticked, in their e-mails’ order', async () => {
    const { me, ann, list } = await shared();
    const task = await tasks.create({ title: 'Bins out', list_id: list.id, due_date: todayIso(), repeat: 'FREQ=WEEKLY' });
    const { d, user } = await openDialog(task.id);
    await user.click(await d.findByRole('checkbox', { name: 'Take turns' }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ turns: [ann, me], assignee: ann }));
    const between = await d.findByRole('group', { name: 'Take turns between' });
    await user.click(within(between).getByRole('checkbox', { name: ANN_NAME }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ turns: [me], assignee: me }));
    await user.click(within(between).getByRole('checkbox', { name: ANN_NAME }));
    await waitFor(async () => expect(await getTask(task.id)).toMatchObject({ turns: [ann, me], assignee: me }));
    await user.click(d.getByRole('checkbox', { name: 'Take turns' }));
    await waitFor(async () => expect((await getTask(task.id))?.turns).toBeNull());
  });

  it('offers "Take turns" only on a repeating task', async () => {
    const { list } = await shared();
    const task = await tasks.create({ title: 'Once', list_id: list.id });
    const { d } = await openDialog(task.id);
    await d.findByRole('combobox', { name: 'Assignee' });
    expect(d.queryByRole('checkbox', { name: 'Take turns' })).toBeNull();
  });
});

describe('quick add +name', () => {
  it('sets the assignee from a member’s first name in a shared list', { timeout: 20_000 }, async () => {
    const { ann, list } = await shared();
    const { user } = renderRoutes(`/lists/${list.id}`);
    const box = await screen.findByRole('textbox', { name: 'New task' });
    await user.click(box);
    await user.type(box, 'Order the cake +Ann');
    await screen.findByRole('button', { name: 'Keep “+Ann” in the title' });
    await user.keyboard('{Enter}');
    await waitFor(async () => {
      const [row] = (await getDb().tasks.toArray()).filter((t) => t.list_id === list.id);
      expect(row).toMatchObject({ title: 'Order the cake', assignee: ann });
    });
  });
});

describe('quick add + suggestions by name', () => {
  it('offers the list’s members by name as a listbox; arrows and Enter complete; an ambiguous first name assigns nobody', { timeout: 20_000 }, async () => {
    const { ann, list } = await shared();
    // a second Ann on the list: "+ann" names neither
    const other = crypto.randomUUID();
    await getDb().members.put({ list_id: list.id, user_id: other, email: 'akim@example.com', role: 'viewer', display_name: 'Ann Kim', color: 'red' });
    const { user } = renderRoutes(`/lists/${list.id}`);
    const box = await screen.findByRole('textbox', { name: 'New task' });
    await user.click(box);
    await user.type(box, 'Cake +an');
    const people = await screen.findByRole('listbox', { name: 'People' });
    expect(within(people).getAllByRole('option').map((o) => o.textContent)).toEqual(['AKAnn Kim', 'ALAnn Lee']);
    expect(within(people).getByRole('option', { name: 'Ann Kim' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', within(people).getByRole('option', { name: 'Ann Kim' }).id);
    await user.type(box, 'n');
    // typed as far as both share: no one is assigned yet
    expect(screen.queryByRole('img', { name: /Assigned to/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recognised' })?.textContent ?? '').not.toMatch(/Assigned to/);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(box).toHaveValue('Cake +Ann Lee ');
    expect(screen.queryByRole('listbox', { name: 'People' })).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(async () => {
      const [row] = (await getDb().tasks.toArray()).filter((t) => t.list_id === list.id);
      expect(row).toMatchObject({ title: 'Cake', assignee: ann });
    });
  });
});

describe('Assigned to me', () => {
  it('lists my open tasks in every list by due date, live, from the sidebar', async () => {
    const { me, ann, list } = await shared();
    const today = todayIso();
    await tasks.create({ title: 'Mine tomorrow', list_id: list.id, due_date: addDays(today, 1), assignee: me });
    await tasks.create({ title: 'Mine undated', list_id: list.id, assignee: me });
    await tasks.create({ title: 'Anns', list_id: list.id, due_date: today, assignee: ann });
    const later = await tasks.create({ title: 'Mine later', list_id: list.id, due_date: today });
    const { user } = renderRoutes('/today');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Assigned to me' }));
    await screen.findByRole('heading', { name: 'Assigned to me', level: 1 });
    const tomorrow = await screen.findByRole('region', { name: /^Tomorrow/ });
    expect(within(tomorrow).getByRole('checkbox', { name: 'Mine tomorrow' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^No date/ })).toHaveTextContent('Mine undated');
    expect(screen.queryByText('Anns')).toBeNull();

    await tasks.update(later.id, { assignee: me });
    const todays = await screen.findByRole('region', { name: /^Today/ });
    expect(within(todays).getByRole('checkbox', { name: 'Mine later' })).toBeInTheDocument();
    const sections = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(sections.map((h) => h.textContent)).toEqual(['Today 1', 'Tomorrow 1', 'No date 1']);

    await tasks.setDone(later.id, true);
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Today/ })).toBeNull());
  });

  it('is at the top of the Lists screen and says when nothing is assigned', async () => {
    const { user } = renderRoutes('/lists');
    await screen.findByRole('heading', { name: 'Lists', level: 1 });
    await user.click(within(screen.getByRole('main')).getByRole('link', { name: 'Assigned to me' }));
    expect(await screen.findByText('Nothing assigned to you')).toBeInTheDocument();
  });
});
