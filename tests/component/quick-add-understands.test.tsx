// Quick add that understands (SPEC §11.2): the "Recognised" region under the field, dismissing a
// part, '#' suggestions for a list name with spaces, view-only lists, and Settings' switch
// "Understand dates in quick add" turning it all off. Dates are relative to the real today.
import './support/match-media';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { getDb, getIdentity, lists, listTasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();

function setup(ui = <QuickAdd />) {
  render(
    <>
      {ui}
      <AppToaster />
    </>,
  );
  return { user: userEvent.setup(), box: screen.getByRole('textbox', { name: 'New task' }) };
}

async function inbox() {
  const identity = await getIdentity();
  return listTasks(identity!.inboxId, 'all');
}

const chipsIn = (region: HTMLElement) => within(region).getAllByRole('listitem').map((li) => li.textContent);

describe('quick add that understands', () => {
  it('shows what it recognised under the field and adds the task with it (SPEC example)', async () => {
    const { user, box } = setup(<QuickAdd defaults={{ due_date: todayIso() }} />);
    await user.type(box, 'Pay rent tomorrow at 9am !high');
    const region = await screen.findByRole('region', { name: 'Recognised' });
    expect(chipsIn(region)).toEqual(['Tomorrow', '09:00', 'High priority']);
    expect(within(region).getByRole('button', { name: 'Keep “tomorrow” in the title' })).toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('region', { name: 'Recognised' })).toBeNull();
    const [task] = await inbox();
    expect(task).toMatchObject({ title: 'Pay rent', due_date: addDays(todayIso(), 1), due_time: '09:00', priority: 3 });
  });

  it('dismissing a part keeps its words in the title and does not apply it', async () => {
    const { user, box } = setup();
    await user.type(box, 'Pay rent tomorrow !low');
    const region = await screen.findByRole('region', { name: 'Recognised' });
    await user.click(within(region).getByRole('button', { name: 'Keep “tomorrow” in the title' }));
    expect(chipsIn(screen.getByRole('region', { name: 'Recognised' }))).toEqual(['Low priority']);
    expect(box).toHaveFocus();
    // Typing on doesn't bring it back.
    await user.type(box, ' please');
    expect(chipsIn(screen.getByRole('region', { name: 'Recognised' }))).toEqual(['Low priority']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const [task] = await inbox();
    expect(task).toMatchObject({ title: 'Pay rent tomorrow please', due_date: null, priority: 1 });
  });

  it('keeps the screen\'s date without a recognised one, and puts a time on it', async () => {
    const day = addDays(todayIso(), 5);
    const { user, box } = setup(<QuickAdd defaults={{ due_date: day }} />);
    await user.type(box, 'Call Sam at 5pm');
    expect(chipsIn(await screen.findByRole('region', { name: 'Recognised' }))).toEqual(['17:00']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await inbox())[0]).toMatchObject({ title: 'Call Sam', due_date: day, due_time: '17:00' });
  });

  it('shows a repeat as a chip and saves it: the task repeats, anchored on its first occurrence', async () => {
    const { user, box } = setup(<QuickAdd defaults={{ due_date: todayIso() }} />);
    await user.type(box, 'Water plants every day');
    expect(chipsIn(await screen.findByRole('region', { name: 'Recognised' }))).toEqual(['Repeats every day']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await inbox())[0]).toMatchObject({ title: 'Water plants', due_date: todayIso(), repeat: 'FREQ=DAILY', repeat_anchor: todayIso() });
  });

  it('suggests list names after #, completes one with spaces by Enter, and files the task there', async () => {
    await lists.create({ name: 'Home', color: 'green' });
    const projects = await lists.create({ name: 'Home projects', color: 'teal' });
    await lists.create({ name: 'Groceries', color: 'orange' });
    const { user, box } = setup();
    await user.type(box, 'Fix shelf #home p');
    const listbox = await screen.findByRole('listbox', { name: 'Lists' });
    expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Home projects']);
    expect(within(listbox).getByRole('option', { name: 'Home projects' })).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', within(listbox).getByRole('option').id);

    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Fix shelf #Home projects ');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(chipsIn(screen.getByRole('region', { name: 'Recognised' }))).toEqual(['List: Home projects']);
    await user.type(box, 'tomorrow{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await listTasks(projects.id))[0]).toMatchObject({ title: 'Fix shelf', due_date: addDays(todayIso(), 1) });
  });

  it('moves through suggestions with the arrow keys, completes with Tab, and closes with Escape', async () => {
    await lists.create({ name: 'Home', color: 'green' });
    await lists.create({ name: 'Home projects', color: 'teal' });
    const { user, box } = setup();
    await user.type(box, 'Paint #home');
    const listbox = await screen.findByRole('listbox', { name: 'Lists' });
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Home', 'Home projects']);
    // "#home" already names a list: nothing is chosen, so Enter would add the task.
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(listbox).getByRole('option', { name: 'Home projects' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(within(listbox).getByRole('option', { name: 'Home' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Tab}');
    expect(box).toHaveValue('Paint #Home projects ');
    expect(box).toHaveFocus();

    await user.clear(box);
    await user.type(box, 'Paint #ho');
    expect(await screen.findByRole('listbox', { name: 'Lists' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('Paint #ho');
  });

  it("doesn't suggest a view-only list; typed in full it is refused at the field and the text stays", async () => {
    const { userId } = (await getIdentity())!;
    await seedSharedList(getDb(), userId, 'viewer', { 'owner@example.com': 'owner' }, 'Club');
    const { user, box } = setup();
    await user.type(box, 'Bring cake #cl');
    // The parser is in (the field offers completion) and still nothing is suggested.
    await waitFor(() => expect(box).toHaveAttribute('aria-autocomplete', 'list'));
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.type(box, 'ub');
    expect(chipsIn(await screen.findByRole('region', { name: 'Recognised' }))).toEqual(['List: Club']);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only view this list');
    expect(box).toHaveValue('Bring cake #club');
    expect(await inbox()).toEqual([]);
  });
});

describe('Settings → "Understand dates in quick add"', () => {
  it('is on by default; off, quick add takes the text as typed', async () => {
    const { user } = renderRoutes('/settings');
    const toggle = await screen.findByRole('switch', { name: 'Understand dates in quick add' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();

    await user.click(screen.getAllByRole('link', { name: 'Today' })[0]!);
    const box = await screen.findByRole('textbox', { name: 'New task' });
    await user.type(box, 'Pay rent tomorrow at 9am !high #Inbox');
    expect(screen.queryByRole('region', { name: 'Recognised' })).toBeNull();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await inbox())[0]).toMatchObject({ title: 'Pay rent tomorrow at 9am !high #Inbox', due_date: todayIso(), due_time: null, priority: 0 });
  });

  it('remembers the choice on this device', async () => {
    const { user } = renderRoutes('/settings');
    await user.click(await screen.findByRole('switch', { name: 'Understand dates in quick add' }));
    expect(localStorage.getItem('daybook-quick-add-understands')).toBe('off');
    await user.click(screen.getByRole('switch', { name: 'Understand dates in quick add' }));
    expect(localStorage.getItem('daybook-quick-add-understands')).toBeNull();
  });
});
