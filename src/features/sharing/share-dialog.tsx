// The share dialog (SPEC §2 /lists/$listId/share), over the list screen: members and roles,
// managed by the owner and read by everyone else. Where sharing can't work — no account on
// this device, the Inbox, a list that is gone — it says so instead of offering a form.
import { Link } from '@tanstack/react-router';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useList } from '@/data/react';
import { DialogShell } from '@/ui/dialog-shell';
import { SharePanel } from './share-panel';
import { useSharingAccount } from './use-sharing-account';
import './sharing.css';

export interface ShareDialogProps {
  listId: string;
  onClose: () => void;
  /** After "Leave list": the list is about to disappear, so the route takes the user elsewhere. */
  onLeft: (listName: string) => void;
}

export function ShareDialog({ listId, onClose, onLeft }: ShareDialogProps) {
  const list = useList(listId);
  const account = useSharingAccount();
  // Radix returns focus to a Dialog.Trigger; this dialog is opened by a route, so it does it
  // itself: to what had focus (the Share button), or after a deep link to the Share button.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));

  let title = 'Share';
  let body: ReactNode = null;
  if (list === null) {
    title = "This list doesn't exist";
    body = (
      <Explanation link={<Link to="/lists" className="btn">See your lists</Link>}>
        It may have been deleted, or it is no longer shared with you.
      </Explanation>
    );
  } else if (list?.is_inbox) {
    title = "The Inbox can't be shared";
    body = (
      <Explanation link={<Link to="/lists" className="btn">Go to your lists</Link>}>
        It is where your tasks without a list land, so it stays yours. Make a list for what you plan together, and share
        that one.
      </Explanation>
    );
  } else if (list) {
    title = `Share “${list.name}”`;
    body = account.localOnly ? (
      <Explanation link={<Link to={'/sign-in' as '/'} className="btn btn-primary">Sign in to share</Link>}>
        Sharing needs a Daybook account, so the people you invite can sync with you. Your lists stay on this device
        until you sign in, and come with you when you do.
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
