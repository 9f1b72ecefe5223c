// The owner's actions in a list's header: edit (rename, colour) and delete. Others see nothing
// here; the Inbox can be edited but never deleted.
import { useListRole } from '@/connected/use-list-role';
import { useList } from '@/data/react';
import { DeleteListDialog } from './delete-list-dialog';
import { EditListDialog } from './edit-list-dialog';

import './lists.css';

export function ListActions({ listId }: { listId: string }) {
  const list = useList(listId);
  const role = useListRole(listId);
  if (!list || role !== 'owner') return null;
  return (
    <div className="lists-actions">
      <EditListDialog list={list} />
      {!list.is_inbox && <DeleteListDialog list={list} />}
    </div>
  );
}
