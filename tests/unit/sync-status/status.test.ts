import { describe, expect, it } from 'vitest';
import { statusLabel } from '@/sync-status/sync-messages';
import { statusBeforeLoad } from '@/sync-status/use-sync-status';
import type { Account } from '@/sync';

const ann: Account = { state: 'signed-in', userId: 'u1', email: 'ann@example.com' };

describe('the status before the sync code has loaded', () => {
  it.each([
    [{ state: 'local' } as Account, true, 'loading', 'Local only'],
    [{ state: 'local' } as Account, false, 'idle', 'Local only'],
    [ann, true, 'idle', 'Syncing'],
    [ann, true, 'loading', 'Syncing'],
    [ann, false, 'loading', 'Offline'],
    // first start with no network and no remembered config: nothing can sync yet
    [ann, true, 'failed', 'Offline'],
    [{ ...ann, state: 'expired' } as Account, true, 'loading', 'Sync paused'],
  ] as const)('%o online=%s load=%s → %s', (account, online, load, label) => {
    const status = statusBeforeLoad(account, online, load);
    expect(status.account).toBe(account);
    expect(statusLabel(status)).toBe(label);
  });
});
