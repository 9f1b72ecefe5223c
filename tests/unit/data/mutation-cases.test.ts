// The shared mutation cases (tests/shared/mutation-cases.ts) against the client: each case's
// rows go into a fresh device database of the person acting (only the lists they can see), the
// mutation runs through the one client implementation (runMutation: its reads, the pure apply,
// the writes), and the rows after — or the refusal code — must be what the server gives
// (tests/integration/server/mutation-cases.test.ts), unless the case documents a difference.
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '@/data/db/database';
import { type DaybookDb, toCommentRow, toList, toListRow, toStepRow, toTaskRow } from '@/data/db/schema';
import { readInvitations, writeInvitations } from '@/data/db/invitations';
import { readLinks, writeLinks } from '@/data/db/links';
import { readProfile, writeProfile } from '@/data/db/profile';
import { EMPTY_PROFILE, type Profile, personColor, personName } from '@/domain/people';
import { readFeeds, writeFeeds } from '@/data/db/feeds';
import { invitationKey, keyOfInvitation } from '@/data/mutations';
import { runMutation } from '@/data/write/rows';
import type { Invitation, List, Member, MutationName, ReminderOffset } from '@/domain/model';
import { MUTATION_NAMES } from '@/domain/model';
import type { CaseAfter, CaseExpect, CaseState, MutationCase, Person } from '../../shared/mutation-case';
import { MUTATION_CASES } from '../../shared/mutation-cases';

const T0 = '2026-11-20T08:00:00.000Z';
const NOW = '2026-11-24T12:00:00.000Z';
const userOf = (p: Person) => `u-${p}`;
const PEOPLE = ['alice', 'bob', 'carol'];
const emailOf = (to: string) => (PEOPLE.includes(to) ? `${to}@example.test` : to);

/** Symbolic ids to the ids this device uses: 'inbox:<p>' and 'user:<p>' are the person's id. */
function id(symbol: string): string {
  const m = /^(inbox|user):(alice|bob|carol)$/.exec(symbol);
  if (m) return userOf(m[2] as Person);
  const h = /^hash:(\d+)$/.exec(symbol);
  if (h) return (h[1] ?? '').padStart(64, '0');
  const e = /^email:(alice|bob|carol)$/.exec(symbol);
  return e ? `${e[1]}@example.test` : symbol;
}

function mapArgs(value: unknown): unknown {
  if (typeof value === 'string') return id(value);
  if (Array.isArray(value)) return value.map(mapArgs);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapArgs(v)]));
  return value;
}

/** The device of `as`: the lists they are a member of, with their members and tasks. */
async function seed(db: DaybookDb, state: CaseState, as: Person) {
  const members: Member[] = [
    ...(state.lists ?? []).map((l): Member => ({ list_id: id(l.id), user_id: userOf(l.owner), email: `${l.owner}@example.test`, role: 'owner' })),
    ...(state.members ?? []).filter((m) => !m.removed).map((m): Member => ({ list_id: id(m.list), user_id: userOf(m.user), email: `${m.user}@example.test`, role: m.role })),
  ];
  const visible = new Set(members.filter((m) => m.user_id === userOf(as)).map((m) => m.list_id));
  await db.lists.clear();
  for (const l of state.lists ?? []) {
    if (!visible.has(id(l.id))) continue;
    const list: List = {
      id: id(l.id), owner_id: userOf(l.owner), name: l.name ?? 'A list', color: l.color ?? 'grey', position: l.position ?? 'a0',
      is_inbox: l.is_inbox ?? false, created_at: T0, updated_at: T0, deleted_at: l.deleted ? T0 : null, version: 1,
    };
    await db.lists.put(toListRow(list));
  }
  // member rows carry what the server's trigger gives them: the person's chosen name and colour
  for (const m of members) {
    const p = state.profiles?.find((x) => userOf(x.user) === m.user_id);
    if (p?.display_name) m.display_name = p.display_name;
    if (p?.color) m.color = p.color;
  }
  await db.members.bulkPut(members.filter((m) => visible.has(m.list_id)));
  const own = state.profiles?.find((p) => p.user === as);
  if (own) await writeProfile(db, { ...EMPTY_PROFILE, ...(own as Partial<Profile>), display_name: own.display_name ?? null });
  for (const t of state.tasks ?? []) {
    const listId = id(t.list);
    if (!visible.has(listId)) continue;
    const owner = state.lists?.find((l) => id(l.id) === listId)?.owner ?? as;
    await db.tasks.put(
      toTaskRow({
        id: id(t.id), list_id: listId, title: t.title ?? 'A task', notes: t.notes ?? '', due_date: t.due_date ?? null,
        due_time: t.due_time ?? null, priority: t.priority ?? 0, done: t.done ?? false, done_at: t.done ? T0 : null,
        position: t.position ?? 'a0', created_by: userOf(t.created_by ?? owner), created_at: T0, updated_at: T0,
        deleted_at: t.deleted ? T0 : null, deleted_with_list: t.deleted_with_list ?? false, version: 1,
        repeat: t.repeat ?? null, repeat_anchor: t.repeat_anchor ?? null,
        assignee: t.assignee ? userOf(t.assignee) : null, turns: t.turns?.map(userOf) ?? null, deadline: t.deadline ?? null, steps_start_over: t.steps_start_over ?? true,
        duration_min: t.duration_min ?? null,
      }),
    );
  }
  for (const s of state.steps ?? []) {
    const task = state.tasks?.find((t) => t.id === s.task);
    if (!task || !visible.has(id(task.list))) continue;
    await db.steps.put(
      toStepRow({
        id: s.id, task_id: id(s.task), list_id: id(task.list), title: s.title ?? 'A step', done: s.done ?? false,
        position: s.position ?? 'a0', created_at: T0, updated_at: T0, deleted_at: s.deleted ? T0 : null,
        deleted_with_task: s.deleted_with_task ?? false, version: 1,
      }),
    );
  }
  for (const cm of state.comments ?? []) {
    const task = state.tasks?.find((t) => t.id === cm.task);
    if (!task || !visible.has(id(task.list))) continue;
    const owner = state.lists?.find((l) => l.id === task.list)?.owner ?? as;
    await db.comments.put(
      toCommentRow({
        id: cm.id, task_id: id(cm.task), list_id: id(task.list), author_id: userOf(cm.author ?? owner), body: cm.body ?? `Comment ${cm.id}`,
        created_at: T0, edited_at: cm.edited ? T0 : null, updated_at: T0, deleted_at: cm.deleted ? T0 : null,
        deleted_with_task: cm.deleted_with_task ?? false, version: 1,
      }),
    );
  }
  // the invitations a pull would bring this person (list_invitations.sql, my_invitations)
  const invitations: Invitation[] = [];
  for (const i of state.invitations ?? []) {
    const list = state.lists?.find((l) => l.id === i.list);
    if (!list || list.deleted) continue;
    const status = i.declined ? ('declined' as const) : ('pending' as const);
    const base = { id: `inv-${i.list}-${i.to}`, list_id: id(i.list), email: emailOf(i.to), role: i.role, status, expires_at: T0 };
    const member = members.some((m) => m.list_id === id(i.list) && m.user_id === userOf(as));
    if (i.to === as && !i.declined && !i.expired && !member) invitations.push({ ...base, incoming: true, list_name: list.name ?? 'A list', list_color: list.color ?? 'grey', invited_by: emailOf(list.owner) });
    if (list.owner === as && (i.declined || !i.expired)) invitations.push({ ...base, incoming: false });
  }
  await writeInvitations(db, invitations);
  // the device holds its own person's reminders only
  for (const r of state.reminders ?? []) {
    const task = state.tasks?.find((t) => t.id === r.task);
    if (r.user !== as || !task || !visible.has(id(task.list))) continue;
    await db.reminders.put({
      task_id: id(r.task), list_id: id(task.list), offset_minutes: r.offset_minutes as ReminderOffset | null,
      snoozed_until: r.snoozed_until ?? null, snoozed_occurrence: r.snoozed_occurrence ?? null, updated_at: T0, version: 1,
    });
  }
}

/** The label's owner: from the rows before, else the person acting (a label.create's). */
const ownerOf = (state: CaseState, labelId: string, as: Person): Person => state.labels?.find((l) => l.id === labelId)?.user ?? as;

/** The device holds its own person's labels, and their labels on tasks it can see. */
async function seedLabels(db: DaybookDb, state: CaseState, as: Person) {
  for (const l of state.labels ?? []) {
    if (l.user !== as) continue;
    await db.labels.put({ id: l.id, name: l.name ?? 'A label', color: l.color ?? 'grey', created_at: T0, updated_at: T0, deleted_at: l.deleted ? T0 : null, version: 1 });
  }
  const visible = new Set((await db.lists.toCollection().primaryKeys()) as string[]);
  for (const tl of state.task_labels ?? []) {
    const task = state.tasks?.find((t) => t.id === tl.task);
    if (ownerOf(state, tl.label, as) !== as || !task || !visible.has(id(task.list))) continue;
    await db.task_labels.put({ task_id: id(tl.task), label_id: tl.label, list_id: id(task.list), updated_at: T0, deleted_at: tl.removed ? T0 : null, version: 1 });
  }
}

/** The device holds the live links of the lists its person owns. */
async function seedLinks(db: DaybookDb, state: CaseState, as: Person) {
  const owned = new Set((state.lists ?? []).filter((l) => l.owner === as && !l.deleted).map((l) => l.id));
  const held = (state.links ?? []).filter((k) => owned.has(k.list) && !k.expired && !k.revoked);
  await writeLinks(db, held.map((k) => ({ id: k.id, list_id: id(k.list), role: k.role, created_at: T0, expires_at: '2026-12-24T12:00:00.000Z' })));
}

/** Every case names links of lists the acting person owns: only the owner's device holds any. */
async function checkLinks(db: DaybookDb, after: CaseAfter) {
  const held = new Map((await readLinks(db)).map((l) => [l.id, l]));
  for (const [key, want] of Object.entries(after.links ?? {})) {
    const link = held.get(key);
    expect(link ? { role: link.role } : 'gone', `link ${key}`).toEqual(want);
  }
}

/** The device holds its own person's live calendar feeds. */
async function seedFeeds(db: DaybookDb, state: CaseState, as: Person) {
  const held = (state.feeds ?? []).filter((f) => f.user === as && !f.revoked);
  await writeFeeds(db, held.map((f) => ({ id: f.id, kind: 'all', target_id: null, name: f.name ?? `Feed ${f.id}`, options: {}, created_at: T0 })));
}

async function checkFeeds(db: DaybookDb, after: CaseAfter, c: MutationCase) {
  const held = new Map((await readFeeds(db)).map((f) => [f.id, f]));
  for (const [key, want] of Object.entries(after.feeds ?? {})) {
    if ((c.before.feeds?.find((f) => f.id === key)?.user ?? c.as) !== c.as) continue;
    const feed = held.get(key);
    expect(feed ? { name: feed.name, kind: feed.kind } : 'gone', `feed ${key}`).toEqual(want);
  }
}

/** The device holds its own person's notifications and levels. */
async function seedNotifications(db: DaybookDb, state: CaseState, as: Person) {
  for (const n of state.notifications ?? []) {
    if (n.user !== as) continue;
    const read = n.read ?? false;
    await db.notifications.put({
      id: n.id, kind: 'assigned', list_id: null, task_id: null, actor_id: null, at: n.at ?? T0, read_at: read ? T0 : null, payload: {}, version: 1, unread: read ? 0 : 1,
    });
  }
  for (const l of state.notify ?? []) if (l.user === as) await db.notify_levels.put({ list_id: id(l.list), level: l.level });
}

async function checkNotifications(db: DaybookDb, after: CaseAfter, c: MutationCase) {
  for (const [key, want] of Object.entries(after.notifications ?? {})) {
    if ((c.before.notifications?.find((n) => n.id === key)?.user ?? c.as) !== c.as) continue;
    const row = await db.notifications.get(key);
    expect(row ? { read: row.read_at !== null } : 'absent', `notification ${key}`).toEqual(want);
    expect(row!.unread, `notification ${key} unread key`).toBe(want.read ? 0 : 1);
  }
  for (const [key, want] of Object.entries(after.notify ?? {})) {
    const [list, person] = key.split('/') as [string, Person];
    if (person !== c.as) continue;
    expect((await db.notify_levels.get(id(list)))?.level ?? 'none', `notify ${key}`).toBe(want);
  }
}

/** The device holds its own person's filters. */
async function seedFilters(db: DaybookDb, state: CaseState, as: Person) {
  for (const f of state.filters ?? []) {
    if (f.user !== as) continue;
    await db.filters.put({ id: f.id, name: f.name ?? 'A filter', query: f.query ?? {}, created_at: T0, updated_at: T0, deleted_at: f.deleted ? T0 : null, version: 1 });
  }
}

async function checkFilters(db: DaybookDb, after: CaseAfter, c: MutationCase) {
  for (const [key, want] of Object.entries(after.filters ?? {})) {
    if ((c.before.filters?.find((f) => f.id === key)?.user ?? c.as) !== c.as) continue;
    const row = await db.filters.get(key);
    if (want === 'absent') {
      expect(row, `filter ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `filter ${key}`).toBeDefined();
    const { deleted, query, ...fields } = want;
    expect(row, `filter ${key}`).toMatchObject(fields);
    if (query !== undefined) expect(row!.query, `filter ${key} query`).toEqual(query);
    if (deleted !== undefined) expect(row!.deleted_at !== null, `filter ${key} deleted`).toBe(deleted);
  }
}

/** The device holds its own person's profile, and writes only its own person's member rows. */
async function checkProfiles(db: DaybookDb, after: CaseAfter, as: Person) {
  const want = after.profiles?.[as];
  if (want) expect(await readProfile(db), 'profile').toMatchObject(want);
  for (const [key, shown] of Object.entries(after.members_shown ?? {})) {
    const [list, person] = key.split('/') as [string, Person];
    if (person !== as) continue;
    const row = await db.members.get([id(list), userOf(person)]);
    expect(row, `member ${key}`).toBeDefined();
    const name = shown.display_name?.replace(/^local:/, '');
    if (name !== undefined) expect(personName(row!), `member ${key} name`).toBe(name);
    if (shown.color !== undefined) expect(personColor(row!), `member ${key} colour`).toBe(shown.color);
  }
}

async function checkLabels(db: DaybookDb, after: CaseAfter, c: MutationCase) {
  for (const [key, want] of Object.entries(after.labels ?? {})) {
    if (ownerOf(c.before, key, c.as) !== c.as) continue; // another person's label never reaches this device
    const row = await db.labels.get(key);
    if (want === 'absent') {
      expect(row, `label ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `label ${key}`).toBeDefined();
    const { deleted, ...fields } = want;
    expect(row, `label ${key}`).toMatchObject(fields);
    if (deleted !== undefined) expect(row!.deleted_at !== null, `label ${key} deleted`).toBe(deleted);
  }
  for (const [key, want] of Object.entries(after.task_labels ?? {})) {
    const [task, label] = key.split('/') as [string, string];
    if (ownerOf(c.before, label, c.as) !== c.as) continue;
    const row = await db.task_labels.get([id(task), label]);
    if (want === 'absent') {
      expect(row, `task label ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `task label ${key}`).toBeDefined();
    const { removed, list } = want;
    if (list !== undefined) expect(row!.list_id, `task label ${key} list`).toBe(id(list));
    if (removed !== undefined) expect(row!.deleted_at !== null, `task label ${key} removed`).toBe(removed);
  }
}

const instant = (value: unknown) => (typeof value === 'string' ? new Date(value).toISOString() : value);

async function check(db: DaybookDb, after: CaseAfter, as: Person, owners: Map<string, Person>) {
  for (const [key, want] of Object.entries(after.lists ?? {})) {
    const row = await db.lists.get(id(key));
    if (want === 'absent') {
      expect(row, `list ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `list ${key}`).toBeDefined();
    const { deleted, ...fields } = want;
    expect(toList(row!), `list ${key}`).toMatchObject(fields);
    if (deleted !== undefined) expect(row!.deleted_at !== null, `list ${key} deleted`).toBe(deleted);
  }
  for (const [key, want] of Object.entries(after.tasks ?? {})) {
    const row = await db.tasks.get(id(key));
    if (want === 'absent') {
      expect(row, `task ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `task ${key}`).toBeDefined();
    const { deleted, deleted_with_list, list, assignee, turns, ...fields } = want;
    expect(row, `task ${key}`).toMatchObject(fields);
    if (assignee !== undefined) expect(row!.assignee ?? null, `task ${key} assignee`).toBe(assignee && userOf(assignee));
    if (turns !== undefined) expect(row!.turns ?? null, `task ${key} turns`).toEqual(turns === null ? null : turns.map(userOf));
    if (list !== undefined) expect(row!.list_id, `task ${key} list`).toBe(id(list));
    if (deleted !== undefined) expect(row!.deleted_at !== null, `task ${key} deleted`).toBe(deleted);
    if (deleted_with_list !== undefined) expect(row!.deleted_with_list ?? false, `task ${key} deleted_with_list`).toBe(deleted_with_list);
  }
  for (const [key, want] of Object.entries(after.steps ?? {})) {
    const row = await db.steps.get(id(key));
    if (want === 'absent') {
      expect(row, `step ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `step ${key}`).toBeDefined();
    const { deleted, deleted_with_task, list, ...fields } = want;
    expect(row, `step ${key}`).toMatchObject(fields);
    if (list !== undefined) expect(row!.list_id, `step ${key} list`).toBe(id(list));
    if (deleted !== undefined) expect(row!.deleted_at !== null, `step ${key} deleted`).toBe(deleted);
    if (deleted_with_task !== undefined) expect(row!.deleted_with_task ?? false, `step ${key} deleted_with_task`).toBe(deleted_with_task);
  }
  for (const [key, want] of Object.entries(after.comments ?? {})) {
    const row = await db.comments.get(id(key));
    if (want === 'absent') {
      expect(row, `comment ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `comment ${key}`).toBeDefined();
    const { deleted, deleted_with_task, list, author, edited, ...fields } = want;
    expect(row, `comment ${key}`).toMatchObject(fields);
    if (author !== undefined) expect(row!.author_id, `comment ${key} author`).toBe(userOf(author));
    if (edited !== undefined) expect(row!.edited_at !== null, `comment ${key} edited`).toBe(edited);
    if (list !== undefined) expect(row!.list_id, `comment ${key} list`).toBe(id(list));
    if (deleted !== undefined) expect(row!.deleted_at !== null, `comment ${key} deleted`).toBe(deleted);
    if (deleted_with_task !== undefined) expect(row!.deleted_with_task ?? false, `comment ${key} deleted_with_task`).toBe(deleted_with_task);
  }
  for (const [key, want] of Object.entries(after.reminders ?? {})) {
    const [task, person] = key.split('/') as [string, Person];
    if (person !== as) continue; // another person's reminder never reaches this device
    const row = await db.reminders.get(id(task));
    if (want === 'absent') {
      expect(row, `reminder ${key}`).toBeUndefined();
      continue;
    }
    expect(row, `reminder ${key}`).toBeDefined();
    const { list, snoozed_until, ...fields } = want;
    expect(row, `reminder ${key}`).toMatchObject(fields);
    if (list !== undefined) expect(row!.list_id, `reminder ${key} list`).toBe(id(list));
    if (snoozed_until !== undefined) expect(instant(row!.snoozed_until), `reminder ${key} snoozed_until`).toBe(instant(snoozed_until));
  }
  for (const [key, want] of Object.entries(after.members ?? {})) {
    const [list, person] = key.split('/') as [string, Person];
    const row = await db.members.get([id(list), userOf(person)]);
    expect(row?.role ?? 'absent', `member ${key}`).toBe(want);
  }
  const held = new Map((await readInvitations(db)).map((i) => [keyOfInvitation(i), i]));
  for (const [key, want] of Object.entries(after.invitations ?? {})) {
    const slash = key.indexOf('/');
    const [list, to] = [key.slice(0, slash), key.slice(slash + 1)];
    // what this device would hold: its person's own open invitation, or one on a list they own
    if (to === as) {
      expect(held.has(invitationKey(id(list), null)) ? 'held' : 'absent', `invitation ${key}`).toBe(want !== 'absent' && want.status === 'pending' ? 'held' : 'absent');
    } else if (owners.get(list) === as) {
      const row = held.get(invitationKey(id(list), emailOf(to)));
      expect(row ? { role: row.role, status: row.status } : 'absent', `invitation ${key}`).toEqual(want);
    }
  }
}

let db: DaybookDb | null = null;
afterEach(async () => {
  await db?.delete();
  db = null;
});

async function run(c: MutationCase, expected: CaseExpect) {
  db = await openDatabase(`case-${Math.random().toString(36).slice(2)}`, userOf(c.as));
  await seed(db, c.before, c.as);
  await seedLabels(db, c.before, c.as);
  await seedFilters(db, c.before, c.as);
  await seedLinks(db, c.before, c.as);
  await seedFeeds(db, c.before, c.as);
  await seedNotifications(db, c.before, c.as);
  const ctx = { userId: userOf(c.as), now: NOW };
  for (const m of c.first ?? []) {
    const first = await db.transaction('rw', [db.lists, db.members, db.tasks, db.steps, db.comments, db.reminders, db.meta, db.labels, db.task_labels, db.filters, db.notifications, db.notify_levels], async () =>
      runMutation(db!, { name: m.name, args: mapArgs(m.args) } as never, ctx),
    );
    expect(first.ok ? 'applied' : `refused ${first.error.code}`, `first ${m.name}`).toBe('applied');
  }
  const outcome = await db.transaction('rw', [db.lists, db.members, db.tasks, db.steps, db.comments, db.reminders, db.meta, db.labels, db.task_labels, db.filters, db.notifications, db.notify_levels], async () =>
    runMutation(db!, { name: c.name, args: mapArgs(c.args) } as never, ctx),
  );
  if ('refused' in expected) {
    expect(outcome.ok ? 'applied' : outcome.error.code).toBe(expected.refused);
  } else {
    expect(outcome.ok ? 'applied' : `refused ${outcome.error.code}: ${outcome.error.message}`).toBe('applied');
    await check(db, expected.after, c.as, new Map((c.before.lists ?? []).map((l) => [l.id, l.owner])));
    await checkLabels(db, expected.after, c);
    await checkFilters(db, expected.after, c);
    await checkLinks(db, expected.after);
    await checkProfiles(db, expected.after, c.as);
    await checkFeeds(db, expected.after, c);
    await checkNotifications(db, expected.after, c);
  }
}

describe('shared mutation cases on the client', () => {
  it.each(MUTATION_CASES.map((c) => [c.title, c] as const))('%s', async (_title, c) => {
    await run(c, c.client?.expect ?? c.expect);
  });

  it('every mutation name has cases', () => {
    const counts = new Map<MutationName, number>(MUTATION_NAMES.map((n) => [n, 0]));
    for (const c of MUTATION_CASES) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
    for (const [name, n] of counts) expect(n, name).toBeGreaterThanOrEqual(3);
  });
});
