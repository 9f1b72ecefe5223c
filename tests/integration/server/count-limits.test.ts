// Every count limit holds on every path into a live record (SPEC §15), through the real API on
// PGlite and PostgreSQL 15. Steps (100 live per task, §11.3): create, a step's restore (an undo
// of a delete), a task's restore and a list's restore (they bring back what their delete took),
// a task's move (its steps go with it). Members (50 a list, the owner among them, §13): an
// invitation of someone new and of someone removed earlier. Push subscriptions (10 an account):
// subscribing, and an endpoint moving in from another account (the same device signing in).
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '@/domain/model';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import { acceptInvitations, listCreate, newId, pushOk, type RawMutation, taskCreate } from '../../helpers/server-sync';

const TOO_MANY = { status: 'refused', error: { code: 'invalid', message: 'A task holds at most 100 steps' } };

describe.each(SERVER_KINDS)('count limits on %s', (kind) => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer(kind);
  });
  afterAll(() => srv?.stop());

  /** One person's device: pushes numbered from 1, each batch answered in full. */
  function device(user: TestUser) {
    const client = newId();
    let next = 1;
    return {
      async push(...changes: { name: string; args: Record<string, unknown> }[]): Promise<PushResult['results']> {
        const batch: RawMutation[] = changes.map((c) => ({ id: next++, name: c.name, args: c.args }));
        return (await pushOk(user.client, client, batch)).results;
      },
    };
  }
  const stepCreates = (taskId: string, n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({
      name: 'step.create',
      args: { id: newId(), task_id: taskId, title: `Step ${from + i + 1}`, position: `a${String(from + i).padStart(4, '0')}` },
    }));
  const liveSteps = async (taskId: string) =>
    (await srv.sql.query<{ n: number }>('select count(*)::int as n from public.steps where task_id = $1 and deleted_at is null', [taskId]))[0]!.n;
  const liveIds = async (taskId: string) =>
    (await srv.sql.query<{ id: string }>('select id from public.steps where task_id = $1 and deleted_at is null order by position', [taskId])).map((r) => r.id);

  async function taskWithSteps(user: TestUser, n: number) {
    const dev = device(user);
    const listId = newId();
    const taskId = newId();
    await dev.push(listCreate(0, listId), taskCreate(0, taskId, listId, 'Pack for the trip'));
    const creates = stepCreates(taskId, n);
    const answers = await dev.push(...creates);
    expect(answers.every((a) => a.status === 'applied')).toBe(true);
    return { dev, listId, taskId, stepIds: creates.map((c) => c.args.id as string) };
  }

  describe('100 live steps a task', () => {
    it('refuses restoring deleted steps past 100: 100 made, deleted, 100 more, the first restored', async () => {
      const alice = await signUpUser(srv);
      const { dev, taskId, stepIds: first } = await taskWithSteps(alice, 100);
      await dev.push(...first.map((id) => ({ name: 'step.delete', args: { id } })));
      expect((await dev.push(...stepCreates(taskId, 100, 100))).every((a) => a.status === 'applied')).toBe(true);

      const answers = await dev.push(...first.map((id) => ({ name: 'step.restore', args: { id } })));
      expect(answers).toHaveLength(100);
      for (const a of answers) expect(a).toMatchObject(TOO_MANY);
      expect(await liveSteps(taskId)).toBe(100);

      // room made by a delete: exactly one comes back
      const [live] = await liveIds(taskId);
      expect(
        await dev.push({ name: 'step.delete', args: { id: live! } }, { name: 'step.restore', args: { id: first[0]! } }, { name: 'step.restore', args: { id: first[1]! } }),
      ).toMatchObject([{ status: 'applied' }, { status: 'applied' }, TOO_MANY]);
      expect(await liveSteps(taskId)).toBe(100);
    });

    it('a task’s restore and its list’s restore bring back its 100 steps, and no step more fits', async () => {
      const alice = await signUpUser(srv);
      const { dev, listId, taskId } = await taskWithSteps(alice, 100);
      expect(await dev.push({ name: 'task.delete', args: { id: taskId } }, { name: 'task.restore', args: { id: taskId } })).toMatchObject([
        { status: 'applied' },
        { status: 'applied' },
      ]);
      expect(await liveSteps(taskId)).toBe(100);
      expect(await dev.push({ name: 'list.delete', args: { id: listId } }, { name: 'list.restore', args: { id: listId } })).toMatchObject([
        { status: 'applied' },
        { status: 'applied' },
      ]);
      expect(await liveSteps(taskId)).toBe(100);
      expect(await dev.push(...stepCreates(taskId, 1, 100))).toMatchObject([TOO_MANY]);
    });

    it('a task moved to another list keeps its 100 steps there, and no step more fits', async () => {
      const alice = await signUpUser(srv);
      const { dev, taskId } = await taskWithSteps(alice, 100);
      const work = newId();
      await dev.push(listCreate(0, work, 'Work'));
      expect(await dev.push({ name: 'task.update', args: { id: taskId, patch: { list_id: work, position: 'a0' } } })).toMatchObject([{ status: 'applied' }]);
      expect(await liveSteps(taskId)).toBe(100);
      expect(await dev.push(...stepCreates(taskId, 1, 100))).toMatchObject([TOO_MANY]);
    });
  });

  describe('50 members a list', () => {
    const TOO_MANY_MEMBERS = { status: 'refused', error: { code: 'invalid', message: 'A list holds at most 50 members', field: 'email' } };
    const invite = (listId: string, email: string, role = 'editor') => ({ name: 'member.invite', args: { list_id: listId, email, role } });
    const liveMembers = async (listId: string) =>
      (await srv.sql.query<{ n: number }>('select count(*)::int as n from public.list_members where list_id = $1 and deleted_at is null', [listId]))[0]!.n;

    it('refuses a 51st member, new or removed earlier; a role change and a re-invite with room are applied', async () => {
      const owner = await signUpUser(srv);
      const people: TestUser[] = [];
      for (let i = 0; i < 51; i++) people.push(await signUpUser(srv));
      const dev = device(owner);
      const listId = newId();
      await dev.push(listCreate(0, listId, 'Club'));
      // the owner and 49 others, each of whom accepts
      const answers = await dev.push(...people.slice(0, 49).map((p) => invite(listId, p.email)));
      expect(answers.every((a) => a.status === 'applied')).toBe(true);
      for (const p of people.slice(0, 49)) await acceptInvitations(p.client, listId);
      expect(await liveMembers(listId)).toBe(50);

      const [extra, removed, last] = [people[49]!, people[0]!, people[50]!];
      expect(await dev.push(invite(listId, extra.email), invite(listId, removed.email, 'viewer'))).toMatchObject([TOO_MANY_MEMBERS, { status: 'applied' }]);
      expect(await dev.push({ name: 'member.remove', args: { list_id: listId, user_id: removed.userId } }, invite(listId, last.email))).toMatchObject([
        { status: 'applied' },
        { status: 'applied' },
      ]);
      await acceptInvitations(last.client, listId);
      // the one removed earlier, back while the list is full
      expect(await dev.push(invite(listId, removed.email))).toMatchObject([TOO_MANY_MEMBERS]);
      expect(await liveMembers(listId)).toBe(50);
      // with room again, they come back
      expect(await dev.push({ name: 'member.remove', args: { list_id: listId, user_id: last.userId } }, invite(listId, removed.email))).toMatchObject([
        { status: 'applied' },
        { status: 'applied' },
      ]);
      await acceptInvitations(removed.client, listId);
      expect(await liveMembers(listId)).toBe(50);
    });

    it('refuses accepting an invitation once the list is full, and a 101st pending invitation', async () => {
      const owner = await signUpUser(srv);
      const people: TestUser[] = [];
      for (let i = 0; i < 50; i++) people.push(await signUpUser(srv));
      const dev = device(owner);
      const listId = newId();
      await dev.push(listCreate(0, listId, 'Choir'));
      expect((await dev.push(...people.map((p) => invite(listId, p.email)))).every((a) => a.status === 'applied')).toBe(true);
      for (const p of people.slice(0, 49)) await acceptInvitations(p.client, listId);
      const late = await pushOk(people[49]!.client, newId(), [{ id: 1, name: 'invitation.accept', args: { list_id: listId } }]);
      expect(late.results[0]).toMatchObject({ status: 'refused', error: { code: 'invalid', message: 'A list holds at most 50 members' } });
      expect(await liveMembers(listId)).toBe(50);

      // 100 pending invitations a list (e-mails with no account wait like any other); the hourly
      // limit of invitations is forgotten between steps, so only the list's limit speaks
      const forgetHour = () => srv.sql.query('delete from daybook_private.invitations where inviter = $1', [owner.userId]);
      await forgetHour();
      const other = newId();
      await dev.push(listCreate(0, other, 'Open day'));
      const waiting = Array.from({ length: 100 }, (_, i) => invite(other, `guest${i}-${other}@example.test`));
      expect((await dev.push(...waiting.slice(0, 50))).every((a) => a.status === 'applied')).toBe(true);
      expect((await dev.push(...waiting.slice(50))).every((a) => a.status === 'applied')).toBe(true);
      expect(await dev.push(invite(other, `one-more-${other}@example.test`))).toMatchObject([
        { status: 'refused', error: { code: 'invalid', message: 'A list holds at most 100 pending invitations' } },
      ]);
      // inviting one of them again (a new role) is no new invitation
      await forgetHour();
      expect(await dev.push(invite(other, `guest0-${other}@example.test`, 'viewer'))).toMatchObject([{ status: 'applied' }]);
    });
  });

  describe('10 push subscriptions an account', () => {
    const keys = () => ({
      p_p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      p_auth: randomBytes(16).toString('base64url'),
    });
    const args = (endpoint: string, k = keys()) => ({ p_endpoint: endpoint, ...k, p_time_zone: 'UTC', p_remind_at: '09:00' });
    const endpoint = () => `https://fcm.googleapis.com/fcm/send/${newId()}`;
    const countOf = async (user: TestUser) =>
      (await srv.sql.query<{ n: number }>('select count(*)::int as n from public.push_subscriptions where user_id = $1', [user.userId]))[0]!.n;
    async function subscribe(user: TestUser, a: ReturnType<typeof args>) {
      const { error } = await user.client.rpc('push_subscribe', a);
      if (error) throw new Error(`${error.message} ${error.details}`);
    }

    it('an endpoint moving in from another account (the same device) still leaves 10', async () => {
      const [alice, bob] = await Promise.all([signUpUser(srv), signUpUser(srv)]);
      for (let i = 0; i < 10; i++) await subscribe(alice, args(endpoint()));
      const bobsDevice = args(endpoint());
      await subscribe(bob, bobsDevice);
      await subscribe(alice, bobsDevice);
      expect(await countOf(alice)).toBe(10);
      expect(await countOf(bob)).toBe(0);
      const [row] = await srv.sql.query('select 1 from public.push_subscriptions where user_id = $1 and endpoint = $2', [alice.userId, bobsDevice.p_endpoint]);
      expect(row).toBeDefined();
    });
  });
});
