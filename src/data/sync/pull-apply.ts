// Applying one sync_pull page (ARCHITECTURE.md "Acknowledge from pull, not from push"):
// refusals, acknowledgment, server rows, departures, purges, rebase and cursors in ONE
// transaction; a push answer alone changes nothing here.
import { nowIso } from '@/lib/ids';
import type { PullResult } from '@/domain/model';
import type { PullOutcome } from '@/sync/ports';
import { getDb } from '../db/database';
import { type DaybookDb, rowTables, STATE, type TaskRow, toCommentRow, toListRow, toStepRow, toTaskRow } from '../db/schema';
import { readIdentity } from '../db/identity';
import { writeInvitations } from '../db/invitations';
import { writeLinks } from '../db/links';
import { writeProfile } from '../db/profile';
import { EMPTY_PROFILE } from '@/domain/people';
import { writeFeeds } from '../db/feeds';
import { runMutation } from '../write/rows';
import { type Reads, readsOf } from '../mutations';
import { advanceMutationId, nextMutationId } from '../write/outbox';
import { moveToRefused } from './refusals';
import { stripComment, stripFilter, stripLabel, stripList, stripReminder, stripStep, stripTask, stripTaskLabel } from './server-rows';
import { type Cursors, cursorLists, FEEDS_CURSOR, INVITATIONS_CURSOR, LINKS_CURSOR, mergeCursors, pageDigest, PROFILE_CURSOR, REFUSED_CURSOR } from './cursors';
import { getAckedAhead, getCursors, setAckedAhead, setCursors } from './meta';
import { writeNotifications } from './pull-notifications';

/** `sent`: the cursors the page was asked for with (so a reset made meanwhile wins: cursors.ts). */
export async function applyPull(page: PullResult, db: DaybookDb = getDb(), sent?: Cursors): Promise<PullOutcome> {
  return db.transaction('rw', [...rowTables(db), db.outbox, db.refused, db.meta], async () => {
    const now = nowIso();
    const stored = await getCursors(db);
    const cursors = mergeCursors(stored, page.cursors, sent);

    // 1. Refusals. A refused create leaves no server row, so its local row goes (the text
    //    stays in the sync centre); for other refusals the list is pulled again from scratch
    //    so the local row returns to the server's version. A refusal of an id this device has
    //    not issued yet is of a change sent with its client id from elsewhere (past the app):
    //    it is kept as the server describes it, so the user sees what was refused. So is one
    //    of a change an earlier page acknowledged ahead of its refusal (`ahead`, below).
    const next = await nextMutationId(db);
    const ahead = await getAckedAhead(db);
    const aheadBefore = ahead.size;
    const refused = await moveToRefused(db, page.refused, cursors, now, next, ahead);

    // 2. Acknowledge. Lists this device asked to leave are noted first, if anything is about to
    //    vanish (rare, so the acknowledged entries are read whole only then). A list can be here
    //    by its row, its members or only its tasks (a pull interrupted before the list's row
    //    came): every list the device holds anything of has a cursor, since rows and cursors are
    //    stored together.
    const visible = new Set(page.visible_lists);
    const held = new Set([...(await db.lists.toCollection().primaryKeys()), ...cursorLists(cursors), ...(await db.members.orderBy('list_id').uniqueKeys())] as string[]);
    const vanishing = [...held].some((id) => !visible.has(id));
    const left = new Set<string>();
    const ackedRange = db.outbox.where('id').belowOrEqual(page.last_mutation_id);
    for (const m of [...(vanishing ? await ackedRange.toArray() : []), ...refused]) if (m.name === 'list.leave') left.add(m.args.list_id);
    const acked = await ackedRange.primaryKeys();
    // one range request, not one per entry (10,000 after a day offline): the keys are exactly those just read
    if (acked.length) await ackedRange.delete();
    // A page never acknowledges a change whose refusal it does not carry (supabase/README.md):
    // every refusal up to its `refused` cursor is here or came before, and the cursor is at or
    // past last_mutation_id unless a refusal waits for a later page. A change acknowledged past
    // the cursor (a server from before that rule) is remembered until the stream passes it, so
    // its refusal, if one comes, is recorded from the server's name and args instead of taken
    // for one already handled. A page that says nothing more waits, asked with the stream's
    // position, has brought every refusal up to its last_mutation_id.
    const streamAt = cursors[REFUSED_CURSOR] ?? 0;
    for (const id of acked) if (id > streamAt) ahead.add(id);
    const complete = !page.has_more && REFUSED_CURSOR in (sent ?? stored) ? Math.max(streamAt, page.last_mutation_id) : streamAt;
    for (const id of ahead) if (id <= complete) ahead.delete(id);
    if (ahead.size || aheadBefore) await setAckedAhead(ahead, db);
    // The server has seen every id up to last_mutation_id for this client id. They are this
    // device's own, unless a change was sent with its client id from elsewhere: then the
    // counter moves past it, or this device's next change would be answered `duplicate` and
    // dropped unapplied.
    await advanceMutationId(db, page.last_mutation_id);

    // 3. Server rows.
    const deletedLists = new Map(page.lists.filter((l) => l.deleted_at).map((l) => [l.id, l.deleted_at]));
    await db.lists.bulkPut(page.lists.map((l) => toListRow(stripList(l))));
    for (const m of page.members as (PullResult['members'][number] & { deleted_at?: string | null })[]) {
      if (m.deleted_at) await db.members.delete([m.list_id, m.user_id]);
      else {
        const row: PullResult['members'][number] = { list_id: m.list_id, user_id: m.user_id, email: m.email, role: m.role };
        if (typeof m.display_name === 'string') row.display_name = m.display_name;
        if (m.color) row.color = m.color;
        await db.members.put(row);
      }
      // a list has one owner: a new one means the last one is gone (they deleted their account,
      // and nothing of them is left on the server to come as a tombstone)
      if (!m.deleted_at && m.role === 'owner') {
        await db.members.where('list_id').equals(m.list_id).filter((o) => o.role === 'owner' && o.user_id !== m.user_id).delete();
      }
    }
    // A list's member set whole, where a member row went without a tombstone (an account deleted):
    // whoever the device holds beyond it is gone, and nothing else on the server says so.
    for (const { list_id, user_ids } of page.member_sets ?? []) {
      const present = new Set(user_ids);
      await db.members.where('list_id').equals(list_id).filter((m) => !present.has(m.user_id)).delete();
    }
    const taskRows: TaskRow[] = [];
    for (const t of page.tasks) {
      const task = stripTask(t);
      // A tombstone carries deleted_with_list. A server from before that field was sent: a task
      // tombstoned in the same statement as its list has its timestamp — a guess, wrong for a
      // task deleted on its own in the same push as its list. Only tombstones need the list
      // (reading it for every live row made a first sync of 50,000 tasks take 4.2 s instead of
      // 3.5 s: bench/sync-first-sync.ts).
      let withList = false;
      if (task.deleted_at !== null) {
        if (typeof t.deleted_with_list === 'boolean') withList = t.deleted_with_list;
        else {
          const listDeletedAt = deletedLists.get(task.list_id) ?? (await db.lists.get(task.list_id))?.deleted_at ?? null;
          withList = listDeletedAt !== null && task.deleted_at === listDeletedAt;
        }
      }
      taskRows.push(toTaskRow({ ...task, deleted_with_list: withList }));
    }
    await db.tasks.bulkPut(taskRows);
    // Steps (a server from before steps sends none). A tombstone says whether its task's delete took it.
    const steps = page.steps ?? [];
    if (steps.length) await db.steps.bulkPut(steps.map((s) => toStepRow({ ...stripStep(s), deleted_with_task: s.deleted_with_task === true })));
    // Comments (a server from before comments sends none), tombstones too, likewise.
    const comments = page.comments ?? [];
    if (comments.length) await db.comments.bulkPut(comments.map((c) => toCommentRow({ ...stripComment(c), deleted_with_task: c.deleted_with_task === true })));
    // The person's notifications past their cursor, read marks as new versions of the same rows,
    // and their levels whole (a server from before notifications sends none).
    if (page.notifications) await writeNotifications(db, page.notifications);
    // This user's reminders (a server from before reminders sends none; a cleared one comes as a row too).
    if (page.reminders?.length) await db.reminders.bulkPut(page.reminders.map(stripReminder));
    // The invitations, whole, with their digest (a server from before invitations sends none; one
    // leaves them out when the digest the pull was asked with is theirs: the device holds them).
    if (page.invitations) await writeInvitations(db, page.invitations, pageDigest(page.cursors, INVITATIONS_CURSOR));
    // The live links of the lists this person owns, likewise (a server from before links sends none).
    if (page.links) await writeLinks(db, page.links, pageDigest(page.cursors, LINKS_CURSOR));
    // The person's own profile, likewise (a server from before names sends none).
    if (page.profile) await writeProfile(db, { ...EMPTY_PROFILE, ...page.profile }, pageDigest(page.cursors, PROFILE_CURSOR));
    // The person's live calendar feeds, likewise (a server from before feeds sends none).
    if (page.feeds) await writeFeeds(db, page.feeds, pageDigest(page.cursors, FEEDS_CURSOR));
    // This user's labels and their labels on tasks (a deleted label and a removed one come as rows too).
    if (page.labels?.length) await db.labels.bulkPut(page.labels.map(stripLabel));
    if (page.task_labels?.length) await db.task_labels.bulkPut(page.task_labels.map(stripTaskLabel));
    if (page.filters?.length) await db.filters.bulkPut(page.filters.map(stripFilter));

    // 4. Departures: a task that moved to a list this user cannot see.
    //    Its departure covers its steps and reminder: those still in the list it left go with it
    //    (rows already pulled into the new list, for a member of both, stay).
    for (const { list_id, task_id } of page.departed) {
      const row = await db.tasks.get(task_id);
      if (row && row.list_id === list_id) await db.tasks.delete(task_id);
      const left = await db.steps.where('[task_id+position]').between([task_id, ''], [task_id, '\uffff']).toArray();
      await db.steps.bulkDelete(left.filter((s) => s.list_id === list_id).map((s) => s.id));
      const said = await db.comments.where('[task_id+created_at]').between([task_id, ''], [task_id, '\uffff']).toArray();
      await db.comments.bulkDelete(said.filter((c) => c.list_id === list_id).map((c) => c.id));
      if ((await db.reminders.get(task_id))?.list_id === list_id) await db.reminders.delete(task_id);
      const labelled = await db.task_labels.where('[task_id+label_id]').between([task_id, ''], [task_id, '\uffff']).toArray();
      await db.task_labels.bulkDelete(labelled.filter((tl) => tl.list_id === list_id).map((tl): [string, string] => [tl.task_id, tl.label_id]));
    }

    // 5. Lists no longer visible, unless this device is still creating them.
    const pending = await db.outbox.orderBy('id').toArray();
    const creating = new Set(pending.filter((m) => m.name === 'list.create').map((m) => m.args.id));
    const purgedLists: PullOutcome['purgedLists'] = [];
    for (const id of vanishing ? held : []) {
      if (visible.has(id) || creating.has(id)) continue;
      const row = await db.lists.get(id);
      // a list the device held only tasks of was never on screen: purge it without a word
      if (row) purgedLists.push({ id, name: row.name, left: left.has(id) });
      await db.lists.delete(id);
      await db.members.where('list_id').equals(id).delete();
      const taskIds = await db.tasks.where('[list_id+state+position]').between([id, 0, ''], [id, 2, '\uffff']).primaryKeys();
      await db.tasks.bulkDelete(taskIds);
      await db.steps.where('list_id').equals(id).delete();
      await db.comments.where('[list_id+state+task_id]').between([id, STATE.open, ''], [id, STATE.deleted, '\uffff']).delete();
      await db.reminders.where('list_id').equals(id).delete();
      await db.task_labels.where('list_id').equals(id).delete();
      delete cursors[id];
    }

    // 6. Rebase: replay what is still queued, through the same apply as the optimistic write,
    //    over the rows this page replaced. A change the rows now refuse (its task was deleted
    //    elsewhere, the person became a viewer) leaves the server's row: the server will refuse
    //    it too, and the refusal comes back with a later pull.
    const touched = touchedBy(page);
    const identity = pending.length ? await readIdentity(db) : undefined;
    for (const m of identity ? pending : []) {
      if (touches(readsOf(m), touched)) await runMutation(db, m, { userId: identity!.userId, now });
    }

    await setCursors(cursors, db);
    return { acknowledged: acked.length, refused, purgedLists };
  });
}

interface Touched {
  tasks: Set<string>;
  lists: Set<string>;
  /** Lists the page brought a row of, or a task in. */
  listsWithTasks: Set<string>;
  steps: Set<string>;
  /** Tasks the page brought a row of, or a step of. */
  tasksWithSteps: Set<string>;
  /** Lists the page brought a row of, or a step in. */
  listsWithSteps: Set<string>;
  comments: Set<string>;
  /** Tasks the page brought a row of, or a comment of. */
  tasksWithComments: Set<string>;
  /** Tasks the page brought a row of, or a reminder of. */
  tasksWithReminders: Set<string>;
  /** Lists the page brought a row of, or a member of. */
  listsWithMembers: Set<string>;
  /** Whether the page brought the invitations (it replaced the device's). */
  invitations: boolean;
  /** Whether the page brought the share links (it replaced the device's). */
  links: boolean;
  /** Whether the page brought the person's profile (it replaced the device's). */
  profile: boolean;
  /** Whether the page brought any member row (the person's own among them, maybe). */
  anyMembers: boolean;
  /** Whether the page brought the calendar feeds (it replaced the device's). */
  feeds: boolean;
  /** Labels the page brought. */
  labels: Set<string>;
  /** Tasks the page brought a row of, or a label row of. */
  tasksWithLabels: Set<string>;
  /** Filters the page brought. */
  filters: Set<string>;
}

function touchedBy(page: PullResult): Touched {
  const lists = new Set(page.lists.map((l) => l.id));
  const tasks = new Set(page.tasks.map((t) => t.id));
  const steps = page.steps ?? [];
  return {
    tasks,
    lists,
    listsWithTasks: new Set([...lists, ...page.tasks.map((t) => t.list_id)]),
    steps: new Set(steps.map((s) => s.id)),
    tasksWithSteps: new Set([...tasks, ...steps.map((s) => s.task_id)]),
    listsWithSteps: new Set([...lists, ...steps.map((s) => s.list_id)]),
    comments: new Set((page.comments ?? []).map((c) => c.id)),
    tasksWithComments: new Set([...tasks, ...(page.comments ?? []).map((c) => c.task_id)]),
    tasksWithReminders: new Set([...tasks, ...(page.reminders ?? []).map((r) => r.task_id)]),
    listsWithMembers: new Set([...lists, ...page.members.map((m) => m.list_id), ...(page.member_sets ?? []).map((s) => s.list_id)]),
    invitations: page.invitations !== undefined,
    links: page.links !== undefined,
    profile: page.profile !== undefined,
    anyMembers: page.members.length > 0 || (page.member_sets ?? []).length > 0,
    feeds: page.feeds !== undefined,
    labels: new Set((page.labels ?? []).map((l) => l.id)),
    tasksWithLabels: new Set([...tasks, ...(page.task_labels ?? []).map((tl) => tl.task_id)]),
    filters: new Set((page.filters ?? []).map((f) => f.id)),
  };
}

function touches(reads: Reads, touched: Touched): boolean {
  return (
    (reads.tasks ?? []).some((id) => touched.tasks.has(id)) ||
    (reads.lists ?? []).some((id) => touched.lists.has(id)) ||
    (reads.listTasks ?? []).some(({ listId }) => touched.listsWithTasks.has(listId)) ||
    (reads.steps ?? []).some((id) => touched.steps.has(id)) ||
    (reads.taskSteps ?? []).some(({ taskId }) => touched.tasksWithSteps.has(taskId)) ||
    // (the steps' tasks are known only once loaded: any step the page brought may be a sibling)
    ((reads.stepSiblings ?? []).length > 0 && touched.steps.size > 0) ||
    (reads.listSteps ?? []).some(({ listId }) => touched.listsWithSteps.has(listId)) ||
    (reads.comments ?? []).some((id) => touched.comments.has(id)) ||
    (reads.taskComments ?? []).some(({ taskId }) => touched.tasksWithComments.has(taskId)) ||
    (reads.reminders ?? []).some((taskId) => touched.tasksWithReminders.has(taskId)) ||
    (reads.listMembers ?? []).some((listId) => touched.listsWithMembers.has(listId)) ||
    (reads.invitations === true && touched.invitations) ||
    (reads.links === true && touched.links) ||
    (reads.profile === true && touched.profile) ||
    (reads.myMembers === true && touched.anyMembers) ||
    (reads.feeds === true && touched.feeds) ||
    (reads.labels ?? []).some((id) => touched.labels.has(id)) ||
    (reads.allLabels === true && touched.labels.size > 0) ||
    // (a task's label rows count labels the page may have deleted)
    ((reads.taskLabels ?? []).length > 0 && touched.labels.size > 0) ||
    (reads.taskLabels ?? []).some((taskId) => touched.tasksWithLabels.has(taskId)) ||
    (reads.filters ?? []).some((id) => touched.filters.has(id)) ||
    (reads.allFilters === true && touched.filters.size > 0)
  );
}
