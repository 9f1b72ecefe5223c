// The share dialog (SPEC §2 /lists/$listId/share), over the list screen: members and roles,
// managed by the owner and read by everyone else. Where sharing can't work — no account on
// this device, the Inbox, a list that is gone — it says so instead of offering a form.
import { Link } from '@tanstack/react-router';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useList } from '@/data/react';
import { DialogShell } from '@/ui/dialog-shell';
import { SharePanel } from './share-panel';
import { useSharingAccount } from './use-sharing-account';
import { t } from './messages';
import './sharing.css';

export interface ShareDialogProps {
  listId: string;
  onClose: () => void;
  /** After "Leave list": the list is about to disappear, so the route takes the user elsewhere. */
  onLeft: (listName: string) => void;
}

/** What the toast says once "Leave list" has been queued (shown by the route, which leaves the list). */
export const leftListMessage = (name: string) => t('sharing.left', { name });

export function ShareDialog({ listId, onClose, onLeft }: ShareDialogProps) {
  const list = useList(listId);
  const account = useSharingAccount();
  // Radix returns focus to a Dialog.Trigger; this dialog is opened by a route, so it does it
  // itself: to what had focus (the Share button), or after a deep link to the Share button.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  let title = t('sharing.share');
  let body: ReactNode = null;
  if (list === null) {
    title = t('sharing.missingTitle');
    body = (
      <Explanation link={<Link to="/lists" className="btn">{t('sharing.seeLists')}</Link>}>
        {t('sharing.missingText')}
      </Explanation>
    );
  } else if (list?.is_inbox) {
    title = t('sharing.inboxTitle');
    body = (
      <Explanation link={<Link to="/lists" className="btn">{t('sharing.goToLists')}</Link>}>
        {t('sharing.inboxText')}
      </Explanation>
    );
  } else if (list) {
    title = t('sharing.shareTitle', { name: list.name });
    body = account.localOnly ? (
      <Explanation link={<Link to={'/sign-in' as '/'} className="btn btn-primary">{t('sharing.signInToShare')}</Link>}>
        {t('sharing.localOnlyText')}
      </Explanation>
    ) : (
      <SharePanel list={list} myEmail={account.email} onLeft={() => onLeft(list.name)} />
    );
  }

  return (
    <DialogShell
      frame="panel"
      className="share-dialog"
      title={title}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        const back =
          opener instanceof HTMLElement && opener.isConnected && opener !== document.body
            ? opener
            : document.querySelector<HTMLElement>('[data-share-button]');
        back?.focus();
      }}
      style={list ? ({ '--accent': `var(--list-${list.color})` } as CSSProperties) : undefined}
    >
      <div className="share-body">{body}</div>
    </DialogShell>
  );
}

function Explanation({ children, link }: { children: ReactNode; link: ReactNode }) {
  return (
    <>
      <p className="share-lede">{children}</p>
      <p>{link}</p>
    </>
  );
}
