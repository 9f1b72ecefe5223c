// Seeds for the sharing tests: a signed-in user's database (sharing needs an account) and a
// shared list as a pull leaves it — the list row and everyone's membership rows, with nothing
// queued, so the outbox holds exactly what the test's actions add.
import { createDatabase, type DaybookDb, resetDatabaseForTests, setCurrentDatabase, toListRow } from '@/data';
import { newId, nowIso } from '@/lib/ids';
import type { List, Member, Role } from '@/domain/model';
import { ACCOUNT_KEY } from '@/sync/stored-account';

export const MY_EMAIL = 'me@example.com';

export async function signedIn(): Promise<{ db: DaybookDb; userId: string }> {
  await resetDatabaseForTests();
  const userId = newId();
  const db = createDatabase(`daybook-${userId}`, userId);
  setCurrentDatabase(db);
  await db.open();
  localStorage.setItem(ACCOUNT_KEY, JSON.stringify({ state: 'signed-in', userId, email: MY_EMAIL }));
  return { db, userId };
}

export async function signOutForTests(): Promise<void> {
  localStorage.removeItem(ACCOUNT_KEY);
  await resetDatabaseForTests();
}

export interface SeededList {
  list: List;
  members: Member[];
  /** user ids by e-mail */
  ids: Record<string, string>;
}

/** A synced list named `name` whose members are `people` (e-mail → role); `me` joins as `myRole`. */
export async function seedSharedList(
  db: DaybookDb,
  me: string,
  myRole: Role,
  people: Record<string, Role>,
  name = 'Club',
): Promise<SeededList> {
  const ids: Record<string, string> = { [MY_EMAIL]: me };
  for (const email of Object.keys(people)) ids[email] = newId();
  const owner = myRole === 'owner' ? me : (ids[Object.keys(people).find((e) => people[e] === 'owner') ?? ''] ?? newId());
  const now = nowIso();
  const list: List = {
    id: newId(),
    owner_id: owner,
    name,
    color: 'purple',
    position: 'a5',
    is_inbox: false,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    version: 3,
  };
  const members: Member[] = [
    { list_id: list.id, user_id: me, email: MY_EMAIL, role: myRole },
    ...Object.entries(people).map(([email, role]) => ({ list_id: list.id, user_id: ids[email] as string, email, role })),
  ];
  await db.lists.put(toListRow(list));
  await db.members.bulkPut(members);
  return { list, members, ids };
}
