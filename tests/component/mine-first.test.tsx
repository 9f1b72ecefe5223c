// Mine first (SPEC §17): Today and Upcoming show a shared list's tasks assigned to me or nobody;
// "Everyone's tasks", kept on the device, shows the rest too.
import './support/match-media';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb, getIdentity, tasks } from '@/data';
import { getEveryonesTasks, setEveryonesTasks } from '@/domain/mine-first';
import { addDays, todayIso } from '@/lib/dates';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';
import { seedSharedList } from './support/sharing';

freshAppEachTest();
afterEach(() => setEveryonesTasks(false));

async function seed(day: string) {
  const me = (await getIdentity())!.userId;
  const seeded = await seedSharedList(getDb(), me, 'owner', { 'ann@example.com': 'editor' });
  const ann = seeded.ids['ann@example.com'] as string;
  const list = seeded.list.id;
  await tasks.create({ title: 'Mine', list_id: list, due_date: day, assignee: me });
  await tasks.create({ title: 'Nobody’s', list_id: list, due_date: day });
  await tasks.create({ title: 'Ann’s', list_id: list, due_date: day, assignee: ann });
}

describe('mine first', () => {
  it('hides others’ tasks on Today until "Everyone\'s tasks" is pressed, and keeps the choice', { timeout: 20_000 }, async () => {
    await seed(todayIso());
    const { user } = renderRoutes('/today');
    expect(await screen.findByRole('link', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Nobody’s' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ann’s' })).toBeNull();
    const toggle = screen.getByRole('button', { name: "Everyone's tasks" });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(await screen.findByRole('link', { name: 'Ann’s' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Everyone's tasks" })).toHaveAttribute('aria-pressed', 'true');
    expect(getEveryonesTasks()).toBe(true);
  });

  it('does the same on Upcoming', { timeout: 20_000 }, async () => {
    await seed(addDays(todayIso(), 2));
    const { user } = renderRoutes('/upcoming');
    expect(await screen.findByRole('link', { name: 'Mine' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ann’s' })).toBeNull();
    await user.click(screen.getByRole('button', { name: "Everyone's tasks" }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ann’s' })).toBeInTheDocument());
  });
});
