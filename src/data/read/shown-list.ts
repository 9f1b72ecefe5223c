// A list as screens show it: the Inbox, stored under its English name (on the server and on a
// device alike), is named in the app's language until someone renames it. Only reads for display
// come here; writes and backups keep the stored name.
import type { List } from '@/domain/model';
import { type ListRow, toList } from '../db/schema';
import { t } from '../write/messages';

const INBOX_NAME = 'Inbox';

export function shownListName(row: Pick<ListRow, 'is_inbox' | 'name'>): string {
  return row.is_inbox && row.name === INBOX_NAME ? t('write.inbox') : row.name;
}

export function shownList(row: ListRow): List {
  const list = toList(row);
  const name = shownListName(list);
  return name === list.name ? list : { ...list, name };
}
