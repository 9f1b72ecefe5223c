// A line typed before quick add's parser has loaded (the first seconds of a start, longer on a
// slow phone) goes in as typed, and is read once the parser arrives — unless the task was edited
// by then (SPEC §20). The parser's chunk is held back here until the test lets it load.
import './support/match-media';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { getIdentity, listTasks, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { freshAppEachTest } from './support/fresh-app';

const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open: () => open() };
});

vi.mock('@/connected/quick-add/understood', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

freshAppEachTest();

async function inbox() {
  const identity = await getIdentity();
  return listTasks(identity!.inboxId, 'all');
}

describe('a line added before the parser has loaded', () => {
  it('is read when the parser arrives, unless the task was edited since', async () => {
    render(
      <>
        <QuickAdd />
        <AppToaster />
      </>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'New task' });

    await user.type(box, 'Pay rent tomorrow at 9{Enter}');
    // (the first add loads the write code: give it time on a busy machine)
    await waitFor(() => expect(box).toHaveValue(''), { timeout: 5000 });
    await user.type(box, 'Call Sam friday !high{Enter}');
    await waitFor(() => expect(box).toHaveValue(''), { timeout: 5000 });
    // no parser yet: both went in as typed, and no chips showed
    expect(screen.queryByRole('region', { name: 'Recognised' })).toBeNull();
    const added = await inbox();
    expect(added.map((t) => t.title).sort()).toEqual(['Call Sam friday !high', 'Pay rent tomorrow at 9']);
    expect(added.every((t) => t.due_date === null)).toBe(true);

    // the person renames the second one before the parser is here: theirs wins
    const edited = added.find((t) => t.title.startsWith('Call Sam'))!;
    await tasks.update(edited.id, { title: 'Call Sam on friday' });

    gate.open();
    await waitFor(async () => {
      const rent = (await inbox()).find((t) => t.title === 'Pay rent');
      expect(rent).toMatchObject({ due_date: addDays(todayIso(), 1), due_time: '09:00' });
    }, { timeout: 5000 });
    const sam = (await inbox()).find((t) => t.id === edited.id);
    expect(sam).toMatchObject({ title: 'Call Sam on friday', due_date: null, priority: 0 });
  });
});
