// Saved filters through the whole path (SPEC §14.2) on PGlite and PostgreSQL 15: a filter made on
// one device follows its person to their other device, and so do its edit and its delete; another
// person never receives it in a pull.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filters } from '@/data/filters';
import type { PullResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer } from '../../helpers/server';
import { connectDevice, syncUntilQuiet } from '../../helpers/sync-device';

describe.each(SERVER_KINDS)('filters sync on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  it('a filter follows its person to every device; nobody else receives it', async () => {
    const [a, b] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
    const phone = await connectDevice(srv, a, 'phone');
    const laptop = await connectDevice(srv, a, 'laptop');
    const other = await connectDevice(srv, b, 'other');
    const urgent = await filters.create('Urgent', { priority_at_least: 3, due: 'next7' }, phone.db);
    await syncUntilQuiet([phone, laptop, other]);
    expect(await laptop.db.filters.get(urgent.id)).toMatchObject({ name: 'Urgent', query: { priority_at_least: 3, due: 'next7' }, deleted_at: null });
    expect(await other.db.filters.count()).toBe(0);
    const { data } = await other.backend.supabase.rpc('sync_pull', { p_client_id: crypto.randomUUID(), p_cursors: {} });
    expect((data as PullResult).filters).toEqual([]);

    await filters.update(urgent.id, 'Today', { due: 'today' }, laptop.db);
    await syncUntilQuiet([laptop, phone]);
    expect(await phone.db.filters.get(urgent.id)).toMatchObject({ name: 'Today', query: { due: 'today' } });
    await filters.delete(urgent.id, phone.db);
    await syncUntilQuiet([phone, laptop]);
    expect((await laptop.db.filters.get(urgent.id))?.deleted_at).not.toBeNull();
    for (const d of [phone, laptop, other]) expect(await d.db.refused.count()).toBe(0);
    await Promise.all([phone.close(), laptop.close(), other.close()]);
  });
});
