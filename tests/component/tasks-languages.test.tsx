// Today, the task dialog and a list in another language: their names come from the catalogues,
// counts follow the language's plural rules, and English is back after switching again.
import './support/match-media';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lists, tasks } from '@/data';
import { addDays, todayIso } from '@/lib/dates';
import { switchLanguage } from '@/lib/i18n';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

freshAppEachTest();

afterEach(async () => {
  await switchLanguage('en');
});

describe('tasks and Today in other languages', () => {
  it('Today in German: its sections and the reschedule sheet', async () => {
    const today = todayIso();
    await tasks.create({ title: 'Zahnarzt', due_date: addDays(today, -2) });
    await tasks.create({ title: 'Miete', due_date: addDays(today, -1) });
    await tasks.create({ title: 'Einkaufen', due_date: today });
    await switchLanguage('de');
    const { user } = renderRoutes('/today');

    const overdue = await screen.findByRole('region', { name: 'Überfällig 2' });
    expect(screen.getByRole('region', { name: 'Heute fällig 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Heute' })).toBeInTheDocument();
    await user.click(within(overdue).getByRole('button', { name: 'Verschieben' }));
    expect(await screen.findByRole('dialog', { name: '2 überfällige Aufgaben verschieben' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle auf heute verschieben' })).toBeInTheDocument();
  }, 30_000);

  it('the task dialog in French names its fields, and its duration in French words', async () => {
    const task = await tasks.create({ title: 'Dentiste', due_date: todayIso(), due_time: '15:00' });
    await tasks.update(task.id, { duration_min: 90 });
    await switchLanguage('fr');
    renderRoutes(`/tasks/${task.id}`);

    expect(await screen.findByRole('textbox', { name: 'Titre' })).toHaveValue('Dentiste');
    expect(screen.getByRole('button', { name: 'Date prévue' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Répéter' })).toHaveDisplayValue('Jamais');
    expect(screen.getByRole('combobox', { name: 'Durée' })).toHaveDisplayValue('1 heure 30 minutes');
    expect(screen.getByRole('button', { name: 'Supprimer la tâche' })).toBeInTheDocument();
  });

  it('a list in Japanese counts without plural forms; English comes back', async () => {
    const home = await lists.create({ name: 'Home', color: 'green' });
    await tasks.create({ title: 'Paint', list_id: home.id });
    await tasks.create({ title: 'Sweep', list_id: home.id });
    await switchLanguage('ja');
    renderRoutes(`/lists/${home.id}`);
    expect(await screen.findByText('未完了のタスク2件')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Homeのタスク' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '上へ移動' })).toHaveLength(2);
    cleanup();

    await switchLanguage('en');
    renderRoutes(`/lists/${home.id}`);
    expect(await screen.findByText('2 open tasks')).toBeInTheDocument();
  });
});
