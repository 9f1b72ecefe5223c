// The count of invitations waiting for this person's answer, beside "Lists" in the navigation
// (SPEC §13.1). The number is drawn, not read out as part of the link's name, which stays
// "Lists"; assistive technology gets it as the link's description.
import { useInvitations } from '@/data/react';
import { formatCount } from '@/ui/format';
import { t } from './messages';

export function useInvitationCount(): number {
  return useInvitations()?.filter((i) => i.incoming).length ?? 0;
}

export const invitationCountText = (n: number) => t('layout.invitations', { count: n });

export function InvitationCount({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span className="nav-count" aria-hidden="true">
      {formatCount(count)}
    </span>
  );
}
