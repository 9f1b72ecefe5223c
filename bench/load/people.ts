// The people behind the simulated devices: accounts made through the real sign-up, put in
// groups of 2–6 that share one list (made and shared through sync_push, as the app does).
import { randomUUID } from 'node:crypto';
import type { Person, Server } from './device.ts';

// biome-ignore lint/suspicious/noExplicitAny: the set-up reads a few fields of known answers
async function post(server: Server, path: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: server.anonKey, authorization: `Bearer ${token ?? server.anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${path} ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

interface Account extends Person {
  email: string;
}

async function signUp(server: Server): Promise<Account> {
  const email = `load-${randomUUID()}@example.test`;
  const s = await post(server, '/auth/v1/signup', { email, password: 'correct horse' });
  return { userId: s.user.id, accessToken: s.access_token, email, lists: [s.user.id] };
}

export async function pushAll(server: Server, person: Person, mutations: { id: number; name: string; args: Record<string, unknown> }[]) {
  const out = await post(server, '/rest/v1/rpc/sync_push', { p_client_id: randomUUID(), p_mutations: mutations }, person.accessToken);
  const refused = (out.results as { status: string; error?: { message: string } }[]).filter((r) => r.status === 'refused');
  if (refused.length) throw new Error(`set-up refused: ${refused[0]?.error?.message}`);
}

/** `count` people, in groups of 2, 3, 4, 5, 6, 2, … (the last group may be smaller). */
export async function makePeople(server: Server, count: number, from = 0): Promise<Person[]> {
  const people: Account[] = [];
  for (let i = 0; i < count; i += 8) people.push(...(await Promise.all(Array.from({ length: Math.min(8, count - i) }, () => signUp(server)))));
  let size = 2 + (from % 5);
  for (let i = 0; i < people.length; i += size, size = size === 6 ? 2 : size + 1) {
    const group = people.slice(i, i + size);
    const owner = group[0]!;
    const list = randomUUID();
    await pushAll(server, owner, [
      { id: 1, name: 'list.create', args: { id: list, name: 'Ours', color: 'teal', position: 'a0' } },
      ...group.slice(1).map((p, k) => ({ id: k + 2, name: 'member.invite', args: { list_id: list, email: p.email, role: 'editor' } })),
    ]);
    for (const p of group) p.lists.push(list);
  }
  return people;
}

/** A person whose Inbox holds `tasks` tasks: what a new device of a long-time user pulls first. */
export async function bigAccount(server: Server, tasks: number): Promise<Person> {
  const p = await signUp(server);
  for (let id = 1; id <= tasks; id += 200) {
    const batch = Array.from({ length: Math.min(200, tasks - id + 1) }, (_, k) => ({
      id: id + k,
      name: 'task.create',
      args: { id: randomUUID(), list_id: p.userId, title: `Old task ${id + k}`, notes: 'Some notes that a real task might carry along', position: 'a0' },
    }));
    await post(server, '/rest/v1/rpc/sync_push', { p_client_id: randomUUID(), p_mutations: batch }, p.accessToken);
  }
  return p;
}
