// The progress bar of a large pull (a new device's first sync): on top of the screens and in
// the sync centre, named, determinate, following the engine's status, gone when it ends; the
// indicator still says "Syncing".
import './support/match-media';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PullProgressBar } from '@/ui/pull-progress';
import { installFakeSync } from './support/fake-sync';
import { setMediaMatches } from './support/match-media';
import { renderRoutes } from './support/render-routes';
import { freshAppEachTest } from './support/fresh-app';

freshAppEachTest();
afterEach(() => {
  setMediaMatches((q) => q.includes('min-width'));
});

const bar = () => screen.getByRole('progressbar', { name: 'Downloading your lists' });

describe('pull progress bar', () => {
  it.each([
    [{ received: 12_000, total: 50_010 }, '12000', '50010', '12,000 of 50,010 items'],
    [{ received: 1000, total: 1500 }, '1000', '1500', '1,000 of 1,500 items'],
    [{ received: 50_010, total: 50_010 }, '50010', '50010', '50,010 of 50,010 items'],
  ])('%o: value, maximum and words', (progress, now, max, words) => {
    render(<PullProgressBar progress={progress} />);
    expect(bar()).toHaveAttribute('aria-valuenow', now);
    expect(bar()).toHaveAttribute('aria-valuemin', '0');
    expect(bar()).toHaveAttribute('aria-valuemax', max);
    expect(bar()).toHaveAttribute('aria-valuetext', words);
    expect(screen.getByText(words)).toBeInTheDocument();
  });

  it.each([
    ['wide', true],
    ['narrow', false],
  ])('on a %s screen: a strip on top while a large pull runs, following each page, gone at the end', async (_screen, wide) => {
    setMediaMatches((q) => wide && q.includes('min-width'));
    const fake = installFakeSync({ status: 'syncing' });
    renderRoutes('/today');
    await screen.findByRole('heading', { level: 1, name: 'Today' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    act(() => fake.setStatus({ pull: { received: 1000, total: 50_010 } }));
    // the bar's chunk loads with the first progress reported
    expect(await screen.findByRole('progressbar', { name: 'Downloading your lists' })).toHaveAttribute('aria-valuetext', '1,000 of 50,010 items');
    expect(screen.getByRole('status', { name: 'Syncing' })).toBeInTheDocument();
    act(() => fake.setStatus({ pull: { received: 12_000, total: 50_010 } }));
    expect(bar()).toHaveAttribute('aria-valuenow', '12000');
    expect(bar()).toHaveAttribute('aria-valuetext', '12,000 of 50,010 items');

    act(() => fake.setStatus({ status: 'synced', pull: null }));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Synced' })).toBeInTheDocument();
  });

  it('the sync centre shows it in its status card, once (no strip on top there)', async () => {
    installFakeSync({ status: 'syncing', pull: { received: 30_000, total: 50_010 } });
    renderRoutes('/sync');
    const card = await screen.findByRole('region', { name: 'Syncing' });
    expect(within(card).getByRole('progressbar', { name: 'Downloading your lists' })).toHaveAttribute('aria-valuetext', '30,000 of 50,010 items');
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
  });
});
