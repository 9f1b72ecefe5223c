// Sharing edits by the list's owner, committed through their pure applies
// (../mutations/members.ts). An invite is queued only: the server resolves the e-mail and the
// member's row arrives with the next pull.
import { ValidationError } from '@/lib/errors';
import type { Role } from '@/domain/model';
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { write } from './transaction';
import { commit } from './commit';

type SharedRole = Exclude<Role, 'owner'>;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function checkSharedRole(role: unknown): SharedRole {
  if (role === 'editor' || role === 'viewer') return role;
  throw new ValidationError('role', 'Role must be editor or viewer');
}

async function inviteMember(listId: string, email: string, role: SharedRole, db: DaybookDb = getDb()): Promise<void> {
  const address = email.trim();
  if (!EMAIL.test(address)) throw new ValidationError('email', 'Enter an e-mail address');
  const checkedRole = checkSharedRole(role);
  await write(db, (enqueue) => commit(db, enqueue, 'member.invite', { list_id: listId, email: address, role: checkedRole }));
}

async function setMemberRole(listId: string, userId: string, role: SharedRole, db: DaybookDb = getDb()): Promise<void> {
  const checkedRole = checkSharedRole(role);
  await write(db, (enqueue) => commit(db, enqueue, 'member.set_role', { list_id: listId, user_id: userId, role: checkedRole }));
}

async function removeMember(listId: string, userId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'member.remove', { list_id: listId, user_id: userId }));
}

export const members = {
  invite: inviteMember,
  setRole: setMemberRole,
  remove: removeMember,
};
