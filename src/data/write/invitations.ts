// Answering an invitation (the invitee) and cancelling or dismissing one (the list's owner),
// committed through their pure applies (../mutations/invitations.ts). Like any change they are
// queued, so they work offline and are sent on reconnect.
import { getDb } from '../db/database';
import type { DaybookDb } from '../db/schema';
import { commit } from './commit';
import { write } from './transaction';

async function accept(listId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'invitation.accept', { list_id: listId }));
}

async function decline(listId: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'invitation.decline', { list_id: listId }));
}

/** Cancels a pending invitation, or dismisses a declined one. */
async function cancel(listId: string, email: string, db: DaybookDb = getDb()): Promise<void> {
  await write(db, (enqueue) => commit(db, enqueue, 'invitation.cancel', { list_id: listId, email }));
}

export const invitations = { accept, decline, cancel };
