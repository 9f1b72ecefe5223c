// The names of what queued or refused changes touch, for the sync centre to describe them.
import type { Mutation } from '@/domain/model';
import { getDb } from '../db/database';
import { readInvitations } from '../db/invitations';
import type { DaybookDb } from '../db/schema';
import { shownListName } from './shown-list';

/**
 * Task titles and list names by id (tombstones too: a deleted task still has a title to show),
 * member e-mails by `${listId}/${userId}`. Records this device doesn't have are left out.
 */
export async function changeSubjects(changes: Mutation[], db: DaybookDb = getDb()): Promise<Record<string, string>> {
  const taskIds = new Set<string>();
  const listIds = new Set<string>();
  const memberKeys: [string, string][] = [];
  const stepIds = new Set<string>();
  const labelIds = new Set<string>();
  for (const m of changes) {
    if (m.name === 'task.update' || m.name === 'task.delete' || m.name === 'task.restore' || m.name === 'task.complete_occurrence' || m.name === 'task.uncomplete_occurrence') {
      taskIds.add(m.args.id);
      if (m.name === 'task.update' && m.args.patch.list_id) listIds.add(m.args.patch.list_id);
    } else if (m.name === 'step.update' || m.name === 'step.delete' || m.name === 'step.restore') stepIds.add(m.args.id);
    else if (m.name === 'step.create' || m.name.startsWith('reminder.')) taskIds.add((m.args as { task_id: string }).task_id);
    else if (m.name === 'list.update' || m.name === 'list.delete' || m.name === 'list.restore') listIds.add(m.args.id);
    else if (m.name === 'member.set_role' || m.name === 'member.remove') {
      listIds.add(m.args.list_id);
      memberKeys.push([m.args.list_id, m.args.user_id]);
    } else if (m.name === 'list.leave' || m.name === 'member.invite' || m.name.startsWith('invitation.') || m.name.startsWith('link.')) listIds.add((m.args as { list_id: string }).list_id);
    else if (m.name === 'label.update' || m.name === 'label.delete') labelIds.add(m.args.id);
    else if (m.name === 'task_label.add' || m.name === 'task_label.remove') {
      taskIds.add(m.args.task_id);
      labelIds.add(m.args.label_id);
    }
  }
  const subjects: Record<string, string> = {};
  for (const row of await db.tasks.bulkGet([...taskIds])) if (row) subjects[row.id] = row.title;
  for (const row of await db.steps.bulkGet([...stepIds])) if (row) subjects[row.id] = row.title;
  // a list someone is invited to is known here only by its invitation
  if (changes.some((m) => m.name.startsWith('invitation.'))) for (const i of await readInvitations(db)) if (i.list_name) subjects[i.list_id] = i.list_name;
  for (const row of await db.lists.bulkGet([...listIds])) if (row) subjects[row.id] = shownListName(row);
  for (const row of await db.labels.bulkGet([...labelIds])) if (row) subjects[row.id] = row.name;
  for (const row of await db.members.bulkGet(memberKeys)) if (row) subjects[`${row.list_id}/${row.user_id}`] = row.email;
  return subjects;
}
