// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, databaseNameFor, getDb, getIdentity, listLists, openDatabase, resetDatabaseForTests, setCurrentDatabase, tasks } from '@/data';
import { useIdentity, useLists } from '@/data/react';

// Without vitest globals, Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

describe('identity', () => {
  it('makes client id, user id, mutation counter and the Inbox on first open, with no outbox entry', async () => {
    await resetDatabaseForTests();
    const db = getDb();
    expect(db.name).toBe('daybook-local');
    const id = await getIdentity(db);
    expect(id?.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(id?.inboxId).toBe(id?.userId);
    expect((await db.meta.get('next_mutation_id'))?.value).toBe(1);
    const [inbox] = await listLists(db);
    expect(inbox).toMatchObject({ id: id?.userId, name: 'Inbox', color: 'grey', is_inbox: true, owner_id: id?.userId });
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps the same identity across reopening', async () => {
    const first = createDatabase('daybook-reopen');
    const a = await getIdentity(first);
    first.close();
    const again = await openDatabase('daybook-reopen');
    expect(await getIdentity(again)).toEqual(a);
    expect((await listLists(again)).filter((l) => l.is_inbox)).toHaveLength(1);
    again.close();
  });

  it("uses the signed-in user's id for daybook-<userId>, so the Inbox id matches the server's", async () => {
    const userId = '6f1c1d2e-0000-4000-8000-000000000001';
    expect(databaseNameFor(userId)).toBe(`daybook-${userId}`);
    expect(databaseNameFor(null)).toBe('daybook-local');
    const db = await openDatabase(databaseNameFor(userId));
    expect(await getIdentity(db)).toMatchObject({ userId, inboxId: userId });
    db.close();
  });
});

describe('switching databases', () => {
  it('re-renders hooks with the new database (StrictMode)', async () => {
    await resetDatabaseForTests();
    await tasks.create({ title: 'local' });
    const local = getDb();
    const localId = await getIdentity(local);
    const { result } = renderHook(() => ({ id: useIdentity(), lists: useLists() }), { wrapper: StrictMode });
    await waitFor(() => expect(result.current.id).toEqual(localId));

    const other = await openDatabase('daybook-6f1c1d2e-0000-4000-8000-000000000002');
    act(() => setCurrentDatabase(other));
    await waitFor(() => expect(result.current.id?.userId).toBe('6f1c1d2e-0000-4000-8000-000000000002'));
    expect(result.current.lists?.map((l) => l.id)).toEqual(['6f1c1d2e-0000-4000-8000-000000000002']);
    act(() => setCurrentDatabase(local));
    // Let the hooks settle on the local database before unmounting, so no render is still
    // queued when the file's jsdom window goes away.
    await waitFor(() => expect(result.current.id).toEqual(localId));
    other.close();
  });
});
