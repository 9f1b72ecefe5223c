// "Activity" in a list's header (SPEC §17): opens the list's activity over the list, for anyone
// on a list that is theirs through an account (the Inbox and a device without one keep none).
import { useNavigate } from '@tanstack/react-router';
import { useIdentity, useList } from '@/data/react';
import { ClockIcon } from '@/ui/icons';
import { t } from './messages';

export function ActivityLink({ listId }: { listId: string }) {
  const list = useList(listId);
  const identity = useIdentity();
  const navigate = useNavigate();
  if (!list || list.is_inbox || !identity) return null;
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={t('lists.activity')}
      title={t('lists.activity')}
      data-activity-button
      onClick={() => void navigate({ to: '/lists/$listId/activity', params: { listId }, search: (prev) => prev })}
    >
      <ClockIcon />
    </button>
  );
}
