// Settings → Account: on this device only (an offer to sign in), or signed in (the e-mail and
// "Sign out"). Signing out removes this user's data from the device, so it warns first when
// changes haven't synced yet (SPEC §6); then the app is back in local mode on /today.
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { loadSync } from '@/sync-status/load-sync';
import { useAccount } from '@/sync-status/use-sync-status';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { showErrorToast, showToast } from '@/ui/toasts';
import { ProfileFields } from './profile-fields';
import { DeleteAccountDialog } from './delete-account-dialog';
import { around, t } from './messages';
import { SettingsSection } from './settings-section';

// loaded when one is opened: the password and e-mail forms are rarely needed
const ChangePasswordDialog = lazy(() => import('./account-dialogs').then((m) => ({ default: m.ChangePasswordDialog })));
const ChangeEmailDialog = lazy(() => import('./account-dialogs').then((m) => ({ default: m.ChangeEmailDialog })));

// Typed as a plain string so this screen doesn't depend on the sign-in route's file.
const SIGN_IN: string = '/sign-in';

export function LocalAccountSection() {
  return (
    <SettingsSection title={t('settings.account')}>
      <p className="settings-text">{t('settings.localOnly')}</p>
      <p className="settings-text settings-muted">{t('settings.localHint')}</p>
      <div>
        <Link to={SIGN_IN} className="btn">
          {t('settings.signInToSync')}
        </Link>
      </div>
    </SettingsSection>
  );
}

/** The account section for whoever is using the app now. */
export function AccountSection() {
  const account = useAccount();
  return account.state === 'local' ? <LocalAccountSection /> : <SignedInAccountSection email={account.email} expired={account.state === 'expired'} />;
}

export function unsyncedWarning(pending: number): string {
  return t('settings.unsynced', { count: pending });
}

function SignedInAccountSection({ email, expired }: { email: string; expired: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [everywhere, setEverywhere] = useState(false);
  const [dialog, setDialog] = useState<'password' | 'email' | null>(null);
  const signOutButton = useRef<HTMLButtonElement>(null);
  const everywhereButton = useRef<HTMLButtonElement>(null);

  async function signOutEverywhereNow() {
    setBusy(true);
    try {
      const answer = await (await loadSync()).signOutEverywhere();
      if (!answer.ok) {
        showErrorToast(answer.message);
        setBusy(false);
        return;
      }
      setEverywhere(false);
      showToast(t('settings.signedOutEverywhere'), undefined, { id: 'signed-out' });
      await navigate({ to: '/today' });
    } catch (err) {
      console.error(err);
      showErrorToast(t('settings.signOutEverywhereFailed'));
      setBusy(false);
    }
  }

  async function askToSignOutEverywhere() {
    if (busy) return;
    try {
      setPending(await (await loadSync()).pendingCount());
    } catch {
      setPending(0);
    }
    setEverywhere(true);
  }

  async function signOutNow() {
    setBusy(true);
    try {
      const sync = await loadSync();
      await sync.signOut();
      setConfirming(false);
      showToast(t('settings.signedOut'), undefined, { id: 'signed-out' });
      await navigate({ to: '/today' });
    } catch (err) {
      console.error(err);
      showErrorToast(t('settings.signOutFailed'));
      setBusy(false);
    }
  }

  async function askToSignOut() {
    if (busy) return;
    setBusy(true);
    let count = 0;
    try {
      count = await (await loadSync()).pendingCount();
    } catch (err) {
      console.error(err);
      showErrorToast(t('settings.signOutFailed'));
      setBusy(false);
      return;
    }
    if (count > 0) {
      setPending(count);
      setBusy(false);
      setConfirming(true);
      return;
    }
    await signOutNow();
  }

  const [signedInBefore, signedInAfter] = around('settings.signedInAs', 'email');
  return (
    <SettingsSection title={t('settings.account')}>
      <p className="settings-text">
        {signedInBefore}
        <strong>{email || t('settings.yourAccount')}</strong>
        {signedInAfter}
      </p>
      <ProfileFields email={email} />
      {expired && (
        <p className="settings-text settings-muted">
          {t('settings.sessionExpired')}{' '}
          <Link to="/sign-in" search={{ email: email || undefined }}>
            {t('settings.signInAgain')}
          </Link>
        </p>
      )}
      {!expired && (
        <div className="settings-buttons">
          <button type="button" className="btn" onClick={() => setDialog('password')}>
            {t('settings.changePassword')}
          </button>
          <button type="button" className="btn" onClick={() => setDialog('email')}>
            {t('settings.changeEmail')}
          </button>
        </div>
      )}
      <div className="settings-buttons">
        <button ref={signOutButton} type="button" className="btn" onClick={askToSignOut} aria-disabled={busy || undefined}>
          {t('settings.signOut')}
        </button>
        {!expired && (
          <button ref={everywhereButton} type="button" className="btn" onClick={askToSignOutEverywhere} aria-disabled={busy || undefined}>
            {t('settings.signOutEverywhere')}
          </button>
        )}
      </div>
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'password' ? (
            <ChangePasswordDialog open onOpenChange={(open) => !open && setDialog(null)} email={email} />
          ) : (
            <ChangeEmailDialog open onOpenChange={(open) => !open && setDialog(null)} email={email} />
          )}
        </Suspense>
      )}
      <ConfirmDialog
        open={everywhere}
        onOpenChange={setEverywhere}
        title={t('settings.signOutEverywhereTitle')}
        description={t('settings.signOutEverywhereText')}
        confirmLabel={t('settings.signOutEverywhere')}
        cancelLabel={t('settings.staySignedIn')}
        onConfirm={signOutEverywhereNow}
        busy={busy}
        returnFocus={everywhereButton}
      >
        {pending > 0 && <p className="settings-text settings-muted">{unsyncedWarning(pending)}</p>}
      </ConfirmDialog>
      <div>
        <DeleteAccountDialog email={email} onDeleted={() => void navigate({ to: SIGN_IN as '/' })} />
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('settings.signOutTitle')}
        description={unsyncedWarning(pending)}
        confirmLabel={t('settings.signOutAnyway')}
        cancelLabel={t('settings.staySignedIn')}
        onConfirm={signOutNow}
        busy={busy}
        returnFocus={signOutButton}
      >
        <p className="settings-text settings-muted">
          {t('settings.signOutHint')}
        </p>
      </ConfirmDialog>
    </SettingsSection>
  );
}
