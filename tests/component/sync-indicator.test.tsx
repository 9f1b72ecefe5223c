import './support/match-media';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import { SyncIndicatorSlot } from '@/features/layout/sync-indicator-slot';
import { ACCOUNT_KEY } from '@/sync/stored-account';
import { installFakeSync } from './support/fake-sync';

afterEach(() => {
  provideSync(null);
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'onLine');
});

const indicator = () => screen.getByRole('status');

describe('sync indicator', () => {
  it.each([
    [{ status: 'offline', pending: 3 }, 'Offline'],
    [{ status: 'syncing', pending: 2 }, 'Syncing'],
    [{ status: 'synced', pending: 0 }, 'Synced'],
    [{ status: 'waiting', pending: 1 }, '1 change waiting'],
    [{ status: 'waiting', pending: 12 }, '12 changes waiting'],
    [{ status: 'waiting', pending: 0 }, 'Sync paused'],
  ] as const)('names the status %o "%s"', (status, name) => {
    installFakeSync(status);
    render(<SyncIndicatorSlot />);
    expect(indicator()).toHaveAccessibleName(name);
    expect(indicator()).toHaveTextContent(name);
  });

  it('says "Local only" without an account (nothing syncs, so never "Synced")', () => {
    render(<SyncIndicatorSlot />);
    expect(indicator()).toHaveAccessibleName('Local only');
  });

  it('follows the facade as it changes', () => {
    const fake = installFakeSync({ status: 'synced' });
    render(<SyncIndicatorSlot />);
    expect(indicator()).toHaveAccessibleName('Synced');
    act(() => fake.setStatus({ status: 'waiting', pending: 2 }));
    expect(indicator()).toHaveAccessibleName('2 changes waiting');
    act(() => fake.setStatus({ status: 'syncing' }));
    expect(indicator()).toHaveAccessibleName('Syncing');
  });

  it('before the facade loads, a remembered account reads as syncing, or offline without a network', () => {
    localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ state: 'signed-in', userId: 'u1', email: 'ann@example.com' }));
    render(<SyncIndicatorSlot />);
    expect(indicator()).toHaveAccessibleName('Syncing');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(indicator()).toHaveAccessibleName('Offline');
  });
});
