// "Share" in a list's header (SPEC §10): opens the share dialog over the list. Everyone on a
// list gets it (to see who else is there, or to leave); the Inbox can't be shared, so not there.
import { useNavigate } from '@tanstack/react-router';
import { useList } from '@/data/react';
import { PeopleIcon } from '@/ui/icons';
import { t } from './messages';
import './sharing.css';

export function ShareButton({ listId }: { listId: string }) {
  const list = useList(listId);
  const navigate = useNavigate();
  if (!list || list.is_inbox) return null;
  return (
    <button
      type="button"
      className="btn share-button"
      data-share-button
      onClick={() => void navigate({ to: '/lists/$listId/share', params: { listId }, search: (prev) => prev })}
    >
      <PeopleIcon />
      {t('sharing.share')}
    </button>
  );
}
