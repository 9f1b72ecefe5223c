import './support/match-media';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { getIdentity, lists, listTasks, StorageFullError, tasks } from '@/data';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(() => vi.restoreAllMocks());

async function inboxTitles() {
  const identity = await getIdentity();
  return (await listTasks(identity!.inboxId, 'all')).map((t) => t.title);
}

function setup(ui = <QuickAdd />) {
  render(
    <>
      {ui}
      <AppToaster />
    </>,
  );
  return { user: userEvent.setup(), box: screen.getByRole('textbox', { name: 'New task' }) };
}

describe('QuickAdd', () => {
  it('adds the trimmed title to the Inbox on Enter and clears the box', async () => {
    const { user, box } = setup();
    await user.type(box, '   Buy milk  {Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await inboxTitles()).toEqual(['Buy milk']);
    expect(box).toHaveFocus();
  });

  it('adds with the "Add task" button too', async () => {
    const { user, box } = setup();
    await user.type(box, 'Call Sam');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(await inboxTitles()).toEqual(['Call Sam']);
  });

  it('refuses an empty title with "Title is required" at the field and keeps the text', async () => {
    const { user, box } = setup();
    await user.type(box, '   {Enter}');
    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Title is required');
    expect(box).toHaveAccessibleDescription('Title is required');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('   ');
    expect(await inboxTitles()).toEqual([]);
    // Typing again clears the message; a valid title then goes in.
    await user.type(box, 'Water plants{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await inboxTitles()).toEqual(['Water plants']);
  });

  it('refuses a 501-character title and keeps every character', async () => {
    const { user, box } = setup();
    const long = 'x'.repeat(501);
    await user.click(box);
    await user.paste(long);
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Title must be at most 500 characters');
    expect(box).toHaveValue(long);
    expect(await inboxTitles()).toEqual([]);
  });

  it('keeps the text and says so when storage is full', async () => {
    // Fault injected at our own seam: the data layer reports a full disk.
    vi.spyOn(tasks, 'create').mockRejectedValue(new StorageFullError());
    const { user, box } = setup();
    await user.type(box, 'Pack the tent{Enter}');
    expect(await screen.findByText('Storage is full — nothing was saved')).toBeInTheDocument();
    expect(box).toHaveValue('Pack the tent');
  });

  it('uses the defaults it is given: a list and a due date', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    const { user, box } = setup(<QuickAdd defaults={{ list_id: home.id, due_date: '2026-03-04' }} />);
    await user.type(box, 'Fix the tap{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    const [task] = await listTasks(home.id);
    expect(task).toMatchObject({ title: 'Fix the tap', due_date: '2026-03-04', list_id: home.id });
    expect(await inboxTitles()).toEqual([]);
  });
});
