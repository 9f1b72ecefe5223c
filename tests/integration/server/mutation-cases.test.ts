// The shared mutation table (tests/shared/mutation-cases.ts) against the server's sync_push, on
// PGlite and (with TEST_PG_URL) PostgreSQL 15. Per case: fresh UUIDs for its symbolic ids, the
// `before` rows inserted as the database superuser (triggers give the versions), one push of
// the one mutation as the person acting through supabase-js, then the answer and the named
// fields read back with SQL. A refusal must leave every version counter of the case unmoved.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATION_NAMES, type PushResult } from '@/domain/model';
import type { Querier } from '../../../server/db.ts';
import { SERVER_KINDS, signUpUser, startTestServer, type TestServer, type TestUser } from '../../helpers/server';
import type { CaseAfter, MutationCase, Person } from '../../shared/mutation-case';
import { MUTATION_CASES } from '../../shared/mutation-cases';

const PEOPLE: readonly Person[] = ['alice', 'bob', 'carol'];
type Users = Record<Person, TestUser>;

describe('the shared mutation table', () => {
  it('has at least 3 cases for every mutation name', () => {
    const counts = Object.fromEntries(MUTATION_NAMES.map((n) => [n, MUTATION_CASES.filter((c) => c.name === n).length]));
    for (const name of MUTATION_NAMES) expect(counts[name], name).toBeGreaterThanOrEqual(3);
  });

  it('gives every case its own title', () => {
    const titles = MUTATION_CASES.map((c) => c.title);
    expect(titles.filter((t, i) => titles.indexOf(t) !== i)).toEqual([]);
  });
});

/** Symbolic ids of one case → values; 'L<n>' / 'T<n>' get a fresh UUID on first sight. */
class Ids {
  private readonly fresh = new Map<string, string>();
  constructor(private readonly users: Users) {}

  resolve(s: string): string {
    const person = /^(inbox|user|email):(alice|bob|carol)$/.exec(s);
    if (person) {
      const u = this.users[person[2] as Person];
      return person[1] === 'email' ? u.email : u.userId;
    }
    if (!/^([LTSBFKPCN]\d+|hash:\d+)$/.test(s)) return s;
    let id = this.fresh.get(s);
    if (!id) {
      id = s.startsWith('hash:') ? createHash('sha256').update(randomUUID()).digest('hex') : randomUUID();
      this.fresh.set(s, id);
    }
    return id;
  }

  /** Args with every symbolic string replaced; keys and other values as they are. */
  args(value: unknown): unknown {
    if (typeof value === 'string') return this.resolve(value);
    if (Array.isArray(value)) return value.map((v) => this.args(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.args(v)]));
    return value;
  }

  /** A list id read back from the database → its symbol. */
  listSymbol(id: string): string {
    for (const [sym, uuid] of this.fresh) if (uuid === id) return sym;
    for (const p of PEOPLE) if (this.users[p].userId === id) return `inbox:${p}`;
    return id;
  }

  /** Every list the case may touch: its 'L<n>' lists and everyone's Inbox. */
  lists(): string[] {
    const ls = [...this.fresh].filter(([sym]) => sym.startsWith('L')).map(([, id]) => id);
    return [...ls, ...PEOPLE.map((p) => this.users[p].userId)];
  }
}

const at = (flag: boolean | undefined) => (flag ? 'now()' : 'null');

/** An invitation's e-mail: a person's, or the address as the case gives it. */
const invitee = (to: string, users: Users) => ((PEOPLE as readonly string[]).includes(to) ? users[to as Person].email : to);

async function insertBefore(sql: Querier, c: MutationCase, ids: Ids, users: Users) {
  const { lists = [], members = [], tasks = [], steps = [], reminders = [], labels = [], task_labels = [], filters = [] } = c.before;
  // People are shared by every case, and so would be their labels (which count against a limit)
  await sql.query('delete from public.labels where user_id = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  await sql.query('delete from public.filters where user_id = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  // and so would be their profiles; made before the member rows, whose trigger reads them
  await sql.query('delete from public.profiles where user_id = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  for (const p of c.before.profiles ?? []) {
    await sql.query('insert into public.profiles (user_id, display_name, color, language, week_start) values ($1, $2, $3, $4, $5)', [
      users[p.user].userId, p.display_name ?? null, p.color ?? null, p.language ?? null, p.week_start ?? null,
    ]);
  }
  await sql.query('delete from public.calendar_feeds where user_id = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  for (const l of lists) {
    const id = ids.resolve(l.id);
    const owner = users[l.owner];
    const inbox = l.id.startsWith('inbox:');
    const row = [id, owner.userId, l.name ?? (inbox ? 'Inbox' : `List ${l.id}`), l.color ?? 'grey', l.position ?? 'a0', inbox];
    if (inbox) {
      // Inboxes are shared by every case of a person: put this one back as the case says
      // (ensure_inbox made it when the person first called the server).
      if (l.deleted) throw new Error(`${c.title}: an Inbox cannot be deleted`);
      await sql.query(
        `insert into public.lists (id, owner_id, name, color, position, is_inbox) values ($1, $2, $3, $4, $5, $6)
         on conflict (id) do update set name = excluded.name, color = excluded.color, position = excluded.position, deleted_at = null`,
        row,
      );
      await sql.query('delete from public.list_members where list_id = $1 and user_id <> $2', [id, owner.userId]);
    } else {
      await sql.query(
        `insert into public.lists (id, owner_id, name, color, position, is_inbox, deleted_at)
         values ($1, $2, $3, $4, $5, $6, ${at(l.deleted)})`,
        row,
      );
    }
    await sql.query(
      `insert into public.list_members (list_id, user_id, email, role) values ($1, $2, $3, 'owner')
       on conflict (list_id, user_id) do update set role = 'owner', deleted_at = null`,
      [id, owner.userId, owner.email],
    );
  }
  for (const m of members) {
    const u = users[m.user];
    await sql.query(
      `insert into public.list_members (list_id, user_id, email, role, deleted_at) values ($1, $2, $3, $4, ${at(m.removed)})`,
      [ids.resolve(m.list), u.userId, u.email, m.role],
    );
  }
  for (const t of tasks) {
    const listOwner = lists.find((l) => l.id === t.list)?.owner;
    const createdBy = t.created_by ?? listOwner;
    if (!createdBy) throw new Error(`${c.title}: task ${t.id} is in ${t.list}, which the case does not list`);
    await sql.query(
      `insert into public.tasks (id, list_id, title, notes, due_date, due_time, priority, done, done_at, position, created_by,
         deleted_at, deleted_with_list, repeat, repeat_anchor, assignee, turns, deadline, steps_start_over, duration_min)
       values ($1, $2, $3, $4, $5, $6, $7, $8, ${at(t.done)}, $9, $10, ${at(t.deleted)}, $11, $12, $13, $14, $15::uuid[], $16, $17, $18)`,
      [
        ids.resolve(t.id), ids.resolve(t.list), t.title ?? `Task ${t.id}`, t.notes ?? '', t.due_date ?? null, t.due_time ?? null,
        t.priority ?? 0, t.done ?? false, t.position ?? 'a0', users[createdBy].userId, t.deleted_with_list ?? false,
        t.repeat ?? null, t.repeat_anchor ?? null, t.assignee ? users[t.assignee].userId : null,
        t.turns ? `{${t.turns.map((p) => users[p].userId).join(',')}}` : null, t.deadline ?? null, t.steps_start_over ?? true,
        t.duration_min ?? null,
      ],
    );
  }
  for (const st of steps) {
    const task = tasks.find((t) => t.id === st.task);
    if (!task) throw new Error(`${c.title}: step ${st.id} is of ${st.task}, which the case does not list`);
    await sql.query(
      `insert into public.steps (id, task_id, list_id, title, done, position, deleted_at, deleted_with_task)
       values ($1, $2, $3, $4, $5, $6, ${at(st.deleted)}, $7)`,
      [ids.resolve(st.id), ids.resolve(st.task), ids.resolve(task.list), st.title ?? `Step ${st.id}`, st.done ?? false, st.position ?? 'a0', st.deleted_with_task ?? false],
    );
  }
  for (const cm of c.before.comments ?? []) {
    const task = tasks.find((t) => t.id === cm.task);
    const owner = task && lists.find((l) => l.id === task.list)?.owner;
    if (!task || !owner) throw new Error(`${c.title}: comment ${cm.id} is on ${cm.task}, which the case does not list`);
    await sql.query(
      `insert into public.comments (id, task_id, list_id, author_id, body, edited_at, deleted_at, deleted_with_task)
       values ($1, $2, $3, $4, $5, ${at(cm.edited)}, ${at(cm.deleted)}, $6)`,
      [ids.resolve(cm.id), ids.resolve(cm.task), ids.resolve(task.list), users[cm.author ?? owner].userId, cm.body ?? `Comment ${cm.id}`, cm.deleted_with_task ?? false],
    );
  }
  for (const i of c.before.invitations ?? []) {
    const owner = lists.find((l) => l.id === i.list)?.owner;
    if (!owner) throw new Error(`${c.title}: an invitation is to ${i.list}, which the case does not list`);
    await sql.query(
      `insert into public.list_invitations (list_id, email, role, invited_by, status, expires_at)
       values ($1, $2, $3, $4, $5, now() + ${i.expired ? "interval '-1 day'" : "interval '30 days'"})`,
      [ids.resolve(i.list), invitee(i.to, users), i.role, users[owner].userId, i.declined ? 'declined' : 'pending'],
    );
  }
  for (const r of reminders) {
    const task = tasks.find((t) => t.id === r.task);
    if (!task) throw new Error(`${c.title}: a reminder is on ${r.task}, which the case does not list`);
    await sql.query(
      `insert into public.reminders (task_id, user_id, list_id, offset_minutes, snoozed_until, snoozed_occurrence)
       values ($1, $2, $3, $4, $5, $6)`,
      [ids.resolve(r.task), users[r.user].userId, ids.resolve(task.list), r.offset_minutes, r.snoozed_until ?? null, r.snoozed_occurrence ?? null],
    );
  }
  for (const l of labels) {
    const owner = users[l.user].userId;
    await sql.query(
      `insert into public.labels (id, user_id, list_id, name, color, deleted_at) values ($1, $2, $2, $3, $4, ${at(l.deleted)})`,
      [ids.resolve(l.id), owner, l.name ?? `Label ${l.id}`, l.color ?? 'grey'],
    );
  }
  for (const f of filters) {
    await sql.query(
      `insert into public.filters (id, user_id, list_id, name, query, deleted_at) values ($1, $2, $2, $3, $4, ${at(f.deleted)})`,
      [ids.resolve(f.id), users[f.user].userId, f.name ?? `Filter ${f.id}`, JSON.stringify(f.query ?? {})],
    );
  }
  for (const f of c.before.feeds ?? []) {
    await sql.query(
      `insert into public.calendar_feeds (id, user_id, kind, name, token_hash, revoked_at) values ($1, $2, 'all', $3, $4, ${at(f.revoked)})`,
      [ids.resolve(f.id), users[f.user].userId, f.name ?? `Feed ${f.id}`, ids.resolve(f.hash ?? `hash:9${f.id.slice(1)}`)],
    );
  }
  for (const k of c.before.links ?? []) {
    const owner = lists.find((l) => l.id === k.list)?.owner;
    if (!owner) throw new Error(`${c.title}: a link is to ${k.list}, which the case does not list`);
    await sql.query(
      `insert into public.list_links (id, list_id, role, token_hash, created_by, expires_at, revoked_at)
       values ($1, $2, $3, $4, $5, now() + ${k.expired ? "interval '-1 day'" : "interval '7 days'"}, ${at(k.revoked)})`,
      [ids.resolve(k.id), ids.resolve(k.list), k.role, createHash('sha256').update(randomUUID()).digest('hex'), users[owner].userId],
    );
  }
  // tasks made with an assignee above told them so: only the case's own notifications stand
  await sql.query('delete from public.notifications where recipient = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  await sql.query('delete from public.list_notify where user_id = any($1::uuid[])', [PEOPLE.map((p) => users[p].userId)]);
  for (const n of c.before.notifications ?? []) {
    await sql.query(`insert into public.notifications (id, recipient, kind, at, read_at) values ($1, $2, 'assigned', $3, ${at(n.read)})`, [
      ids.resolve(n.id), users[n.user].userId, n.at ?? '2026-11-20T08:00:00.000Z',
    ]);
  }
  for (const l of c.before.notify ?? []) {
    await sql.query('insert into public.list_notify (list_id, user_id, level) values ($1, $2, $3)', [ids.resolve(l.list), users[l.user].userId, l.level]);
  }
  for (const tl of task_labels) {
    const task = tasks.find((t) => t.id === tl.task);
    const label = labels.find((l) => l.id === tl.label);
    if (!task || !label) throw new Error(`${c.title}: a label row names ${tl.task}/${tl.label}, which the case does not list`);
    await sql.query(
      `insert into public.task_labels (task_id, user_id, label_id, list_id, deleted_at) values ($1, $2, $3, $4, ${at(tl.removed)})`,
      [ids.resolve(tl.task), users[label.user].userId, ids.resolve(tl.label), ids.resolve(task.list)],
    );
  }
}

/** Instants compare as instants, whatever text the database gives them. */
const instant = (value: unknown): string | null => (typeof value === 'string' ? new Date(value).toISOString() : null);

const pick = (row: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((k) => [k, row[k]]));

/** The database's rows in the shape of `want`: only the rows and fields it names. */
async function readAfter(sql: Querier, want: CaseAfter, ids: Ids, users: Users): Promise<CaseAfter> {
  const got: CaseAfter = {};
  if (want.lists) {
    const lists: NonNullable<CaseAfter['lists']> = {};
    for (const [sym, w] of Object.entries(want.lists)) {
      const [row] = await sql.query(
        'select name, color, position, is_inbox, deleted_at is not null as deleted from public.lists where id = $1',
        [ids.resolve(sym)],
      );
      lists[sym] = !row ? 'absent' : w === 'absent' ? row : pick(row, Object.keys(w));
    }
    got.lists = lists;
  }
  if (want.tasks) {
    const tasks: NonNullable<CaseAfter['tasks']> = {};
    for (const [sym, w] of Object.entries(want.tasks)) {
      const [row] = await sql.query<Record<string, unknown> & { list_id: string }>(
        `select list_id::text as list_id, title, notes, due_date::text as due_date, due_time, priority, done, position,
           deleted_at is not null as deleted, deleted_with_list, repeat, repeat_anchor::text as repeat_anchor,
           assignee::text as assignee, turns::text[] as turns,
           deadline::text as deadline, steps_start_over, duration_min
         from public.tasks where id = $1`,
        [ids.resolve(sym)],
      );
      const person = (uid: unknown) => (PEOPLE.find((p) => users[p].userId === uid) ?? uid) as Person;
      const shaped = row && {
        ...row,
        list: ids.listSymbol(row.list_id),
        assignee: row.assignee === null ? null : person(row.assignee),
        turns: Array.isArray(row.turns) ? row.turns.map(person) : null,
      };
      tasks[sym] = !shaped ? 'absent' : w === 'absent' ? shaped : pick(shaped, Object.keys(w));
    }
    got.tasks = tasks;
  }
  if (want.steps) {
    const steps: NonNullable<CaseAfter['steps']> = {};
    for (const [sym, w] of Object.entries(want.steps)) {
      const [row] = await sql.query<Record<string, unknown> & { list_id: string }>(
        `select list_id::text as list_id, title, done, position, deleted_at is not null as deleted, deleted_with_task
         from public.steps where id = $1`,
        [ids.resolve(sym)],
      );
      const shaped = row && { ...row, list: ids.listSymbol(row.list_id) };
      steps[sym] = !shaped ? 'absent' : w === 'absent' ? shaped : pick(shaped, Object.keys(w));
    }
    got.steps = steps;
  }
  if (want.comments) {
    const comments: NonNullable<CaseAfter['comments']> = {};
    for (const [sym, w] of Object.entries(want.comments)) {
      const [row] = await sql.query<Record<string, unknown> & { list_id: string; author_id: string }>(
        `select list_id::text as list_id, author_id::text as author_id, body, edited_at is not null as edited,
           deleted_at is not null as deleted, deleted_with_task
         from public.comments where id = $1`,
        [ids.resolve(sym)],
      );
      const shaped = row && { ...row, list: ids.listSymbol(row.list_id), author: (PEOPLE.find((p) => users[p].userId === row.author_id) ?? row.author_id) as Person };
      comments[sym] = !shaped ? 'absent' : w === 'absent' ? shaped : pick(shaped, Object.keys(w));
    }
    got.comments = comments;
  }
  if (want.reminders) {
    const reminders: NonNullable<CaseAfter['reminders']> = {};
    for (const [key, w] of Object.entries(want.reminders)) {
      const [task, person] = key.split('/') as [string, Person];
      const [row] = await sql.query<Record<string, unknown> & { list_id: string }>(
        `select list_id::text as list_id, offset_minutes, snoozed_until::text as snoozed_until,
           snoozed_occurrence::text as snoozed_occurrence from public.reminders where task_id = $1 and user_id = $2`,
        [ids.resolve(task), users[person].userId],
      );
      const shaped = row && { ...row, list: ids.listSymbol(row.list_id), snoozed_until: instant(row.snoozed_until) };
      reminders[key] = !shaped ? 'absent' : w === 'absent' ? shaped : pick(shaped, Object.keys(w));
    }
    got.reminders = reminders;
  }
  if (want.labels) {
    const labels: NonNullable<CaseAfter['labels']> = {};
    for (const [sym, w] of Object.entries(want.labels)) {
      const [row] = await sql.query('select name, color, deleted_at is not null as deleted from public.labels where id = $1', [ids.resolve(sym)]);
      labels[sym] = !row ? 'absent' : w === 'absent' ? row : pick(row, Object.keys(w));
    }
    got.labels = labels;
  }
  if (want.task_labels) {
    const taskLabels: NonNullable<CaseAfter['task_labels']> = {};
    for (const [key, w] of Object.entries(want.task_labels)) {
      const [task, label] = key.split('/') as [string, string];
      const [row] = await sql.query<Record<string, unknown> & { list_id: string }>(
        'select list_id::text as list_id, deleted_at is not null as removed from public.task_labels where task_id = $1 and label_id = $2',
        [ids.resolve(task), ids.resolve(label)],
      );
      const shaped = row && { ...row, list: ids.listSymbol(row.list_id) };
      taskLabels[key] = !shaped ? 'absent' : w === 'absent' ? shaped : pick(shaped, Object.keys(w));
    }
    got.task_labels = taskLabels;
  }
  if (want.filters) {
    const filters: NonNullable<CaseAfter['filters']> = {};
    for (const [sym, w] of Object.entries(want.filters)) {
      const [row] = await sql.query('select name, query, deleted_at is not null as deleted from public.filters where id = $1', [ids.resolve(sym)]);
      filters[sym] = !row ? 'absent' : w === 'absent' ? row : pick(row, Object.keys(w));
    }
    got.filters = filters;
  }
  if (want.members) {
    const members: NonNullable<CaseAfter['members']> = {};
    for (const key of Object.keys(want.members)) {
      const slash = key.lastIndexOf('/');
      const person = key.slice(slash + 1) as Person;
      const [row] = await sql.query<{ role: 'owner' | 'editor' | 'viewer'; removed: boolean }>(
        'select role, deleted_at is not null as removed from public.list_members where list_id = $1 and user_id = $2',
        [ids.resolve(key.slice(0, slash)), users[person].userId],
      );
      members[key] = !row || row.removed ? 'absent' : row.role;
    }
    got.members = members;
  }
  if (want.invitations) {
    const invitations: NonNullable<CaseAfter['invitations']> = {};
    for (const key of Object.keys(want.invitations)) {
      const slash = key.indexOf('/');
      const [row] = await sql.query<{ role: 'editor' | 'viewer'; status: 'pending' | 'declined' }>(
        'select role, status from public.list_invitations where list_id = $1 and lower(email) = lower($2)',
        [ids.resolve(key.slice(0, slash)), invitee(key.slice(slash + 1), users)],
      );
      invitations[key] = row ? { role: row.role, status: row.status } : 'absent';
    }
    got.invitations = invitations;
  }
  if (want.profiles) {
    const profiles: NonNullable<CaseAfter['profiles']> = {};
    for (const [person, w] of Object.entries(want.profiles) as [Person, object][]) {
      const [row] = await sql.query('select display_name, color, language, week_start from public.profiles where user_id = $1', [users[person].userId]);
      profiles[person] = pick(row ?? { display_name: null, color: null, language: null, week_start: null }, Object.keys(w));
    }
    got.profiles = profiles;
  }
  if (want.members_shown) {
    const shown: NonNullable<CaseAfter['members_shown']> = {};
    for (const [key, w] of Object.entries(want.members_shown)) {
      const slash = key.lastIndexOf('/');
      const person = key.slice(slash + 1) as Person;
      const [row] = await sql.query<{ display_name: string; color: string }>(
        'select display_name, color from public.list_members where list_id = $1 and user_id = $2',
        [ids.resolve(key.slice(0, slash)), users[person].userId],
      );
      const local = users[person].email.split('@')[0];
      const named = row && { ...row, display_name: row.display_name === local ? `local:${person}` : row.display_name };
      shown[key] = named ? pick(named, Object.keys(w)) : {};
    }
    got.members_shown = shown;
  }
  if (want.notifications) {
    const notes: NonNullable<CaseAfter['notifications']> = {};
    for (const sym of Object.keys(want.notifications)) {
      const [row] = await sql.query<{ read: boolean }>('select read_at is not null as read from public.notifications where id = $1', [ids.resolve(sym)]);
      if (row) notes[sym] = { read: row.read };
    }
    got.notifications = notes;
  }
  if (want.notify) {
    const levels: NonNullable<CaseAfter['notify']> = {};
    for (const key of Object.keys(want.notify)) {
      const [list, person] = key.split('/') as [string, Person];
      const [row] = await sql.query<{ level: 'all' | 'mine' | 'off' }>('select level from public.list_notify where list_id = $1 and user_id = $2', [ids.resolve(list), users[person].userId]);
      levels[key] = row?.level ?? 'none';
    }
    got.notify = levels;
  }
  if (want.feeds) {
    const feeds: NonNullable<CaseAfter['feeds']> = {};
    for (const sym of Object.keys(want.feeds)) {
      const [row] = await sql.query<{ name: string; kind: string }>('select name, kind from public.calendar_feeds where id = $1 and revoked_at is null', [ids.resolve(sym)]);
      feeds[sym] = row ? { name: row.name, kind: row.kind } : 'gone';
    }
    got.feeds = feeds;
  }
  if (want.links) {
    const links: NonNullable<CaseAfter['links']> = {};
    for (const sym of Object.keys(want.links)) {
      const [row] = await sql.query<{ role: 'editor' | 'viewer'; live: boolean }>(
        'select role, revoked_at is null and expires_at > now() as live from public.list_links where id = $1',
        [ids.resolve(sym)],
      );
      links[sym] = row?.live ? { role: row.role } : 'gone';
    }
    got.links = links;
  }
  return got;
}

async function versions(sql: Querier, ids: Ids) {
  return sql.query(
    `select list_id::text as list_id, version::text as version from public.sync_spaces
     where list_id::text = any(string_to_array($1, ',')) order by list_id`,
    [ids.lists().join(',')],
  );
}

async function runCase(srv: TestServer, users: Users, c: MutationCase) {
  const ids = new Ids(users);
  await insertBefore(srv.sql, c, ids, users);
  const args = ids.args(c.args);
  const versionsBefore = await versions(srv.sql, ids);

  // changes the case applies first go in the same push, before its own (each must be applied)
  const first = (c.first ?? []).map((m, i) => ({ id: i + 1, name: m.name, args: ids.args(m.args) }));
  const { data, error } = await users[c.as].client.rpc('sync_push', {
    p_client_id: randomUUID(),
    p_mutations: [...first, { id: first.length + 1, name: c.name, args }],
  });
  if (error) throw new Error(`sync_push failed: ${error.message}`);
  const results = (data as PushResult).results;
  for (const r of results.slice(0, first.length)) expect(r, 'a change the case applies first').toEqual({ id: r.id, status: 'applied' });
  const answer = { ...results[first.length]!, id: 1 };

  if ('refused' in c.expect) {
    expect(answer).toMatchObject({ id: 1, status: 'refused', error: { code: c.expect.refused } });
    expect(await versions(srv.sql, ids), 'a refusal changes nothing').toEqual(versionsBefore);
    return;
  }
  expect(answer).toEqual({ id: 1, status: 'applied' });
  const want = c.expect.after;
  const reminders = want.reminders && Object.fromEntries(Object.entries(want.reminders).map(([k, w]) => [k, w === 'absent' || w.snoozed_until === undefined ? w : { ...w, snoozed_until: instant(w.snoozed_until) }]));
  expect(await readAfter(srv.sql, want, ids, users)).toEqual(reminders ? { ...want, reminders } : want);
}

describe.each(SERVER_KINDS)('shared mutation cases through sync_push on %s', (kind) => {
  let srv: TestServer;
  const users = {} as Users;

  beforeAll(async () => {
    srv = await startTestServer(kind);
    const signedUp = await Promise.all(PEOPLE.map(() => signUpUser(srv)));
    PEOPLE.forEach((p, i) => {
      users[p] = signedUp[i]!;
    });
    // everyone's Inbox exists before the first case, as after any first sync
    for (const p of PEOPLE) {
      const { error } = await users[p].client.rpc('sync_pull', { p_client_id: randomUUID(), p_cursors: {} });
      if (error) throw new Error(`sync_pull failed: ${error.message}`);
    }
  });
  afterAll(() => srv?.stop());

  for (const c of MUTATION_CASES) it(c.title, () => runCase(srv, users, c));
});
