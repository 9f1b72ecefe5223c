// Quick add reads the language the app speaks, and English too (SPEC §20): its words come with
// the parser, and another language chosen later is read as soon as its words are here.
import './support/match-media';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppToaster } from '@/app/toaster';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { getIdentity, listTasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { switchLanguage } from '@/lib/i18n';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(async () => {
  await act(() => switchLanguage('en'));
});

async function inbox() {
  const identity = await getIdentity();
  return listTasks(identity!.inboxId, 'all');
}

const chips = async (name: string) => within(await screen.findByRole('region', { name })).getAllByRole('listitem').map((li) => li.textContent);

describe('quick add in the language in use', () => {
  it('reads German and English, and names its field and chips in German', async () => {
    await act(() => switchLanguage('de'));
    render(
      <>
        <QuickAdd />
        <AppToaster />
      </>,
    );
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Neue Aufgabe' });
    await user.type(box, 'Zahnarzt morgen um 15 Uhr !hoch');
    await waitFor(async () => expect(await chips('Erkannt')).toHaveLength(3), { timeout: 5000 });
    expect((await chips('Erkannt')).slice(1)).toEqual(['15:00', 'Hohe Priorität']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await inbox())[0]).toMatchObject({ title: 'Zahnarzt', due_date: addDays(todayIso(), 1), due_time: '15:00', priority: 3 });

    await user.type(box, 'Call Sam tomorrow at 5pm{Enter}');
    await waitFor(async () => expect((await inbox()).find((t) => t.title === 'Call Sam')).toMatchObject({ due_time: '17:00' }), { timeout: 5000 });
  });

  it('loads the words of a language chosen later', async () => {
    render(<QuickAdd />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'New task' }));
    await act(() => switchLanguage('ja'));
    const box = screen.getByRole('textbox', { name: '新しいタスク' });
    await user.type(box, '明日15時に歯医者');
    await waitFor(async () => expect(await chips('認識した内容')).toHaveLength(2), { timeout: 5000 });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect((await inbox())[0]).toMatchObject({ title: '歯医者', due_date: addDays(todayIso(), 1), due_time: '15:00' });
  });
});
