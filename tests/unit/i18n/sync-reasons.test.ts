// What sync says went wrong stays English where it is kept (the engine's status, the refused
// table in IndexedDB) and reaches the screens in the person's language: the sync centre's
// refused changes, and the engine's events and status as the facade hands them on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { refusedEntries, tasks } from '@/data';
import type { DaybookDb } from '@/data/db/schema';
import { switchLanguage } from '@/lib/i18n';
import { spokenEvent } from '@/sync/messages';
import { freshDb } from '../data/helpers';

let db: DaybookDb;
beforeEach(async () => {
  ({ db } = await freshDb());
});
afterEach(() => switchLanguage('en'));

describe('refused changes in the sync centre', () => {
  it('are kept in English and read in the language of the moment', async () => {
    await tasks.create({ title: 'a' });
    await tasks.create({ title: 'b' });
    const [first, second] = await db.outbox.orderBy('id').toArray();
    await db.refused.bulkAdd([
      { ...(first as NonNullable<typeof first>), error: { code: 'forbidden', message: 'You can only view this list' }, refused_at: '2026-11-29T00:00:00Z' },
      { ...(second as NonNullable<typeof second>), error: { code: 'invalid', message: 'a reason only the server knows' }, refused_at: '2026-11-29T00:00:00Z' },
    ]);
    expect((await refusedEntries()).map((r) => r.error.message)).toEqual(['You can only view this list', 'a reason only the server knows']);
    await switchLanguage('fr');
    expect((await refusedEntries()).map((r) => r.error.message)).toEqual(['Vous pouvez seulement consulter cette liste', 'a reason only the server knows']);
    expect((await db.refused.orderBy('id').toArray()).map((r) => r.error.message)).toEqual(['You can only view this list', 'a reason only the server knows']);
  });
});

describe('the engine’s events for the screens', () => {
  it('a failure’s reason and refusals’ reasons, in German; English unchanged', async () => {
    const failing = { type: 'failing' as const, reason: 'The server had a problem (HTTP 502)' };
    expect(spokenEvent(failing)).toBe(failing);
    await switchLanguage('de');
    expect(spokenEvent(failing)).toEqual({ type: 'failing', reason: 'Der Server hatte ein Problem (HTTP 502)' });
    expect(spokenEvent({ type: 'failing', reason: "Can't reach the server" })).toEqual({ type: 'failing', reason: 'Der Server ist nicht erreichbar' });
    const item = { id: 7, name: 'task.update', args: {}, created_at: '', refused_at: '', error: { code: 'deleted' as const, message: 'This task was deleted on another device' } };
    const refused = spokenEvent({ type: 'refused', items: [item] } as Parameters<typeof spokenEvent>[0]);
    expect(refused.type === 'refused' && refused.items[0]?.error.message).toBe('Diese Aufgabe wurde auf einem anderen Gerät gelöscht');
    expect(item.error.message).toBe('This task was deleted on another device');
  });
});
