// Settings → Account while no one is signed in. The sync feature supplies its own section
// (account, sign out) through SettingsScreen's `account` slot.
import { Link } from '@tanstack/react-router';
import { SettingsSection } from './settings-section';

// Typed as a plain string so this screen doesn't depend on the sign-in route's file.
const SIGN_IN: string = '/sign-in';

export function LocalAccountSection() {
  return (
    <SettingsSection title="Account">
      <p className="settings-text">Using Daybook on this device only</p>
      <p className="settings-text settings-muted">Sign in to keep your lists on your other devices and share them.</p>
      <div>
        <Link to={SIGN_IN} className="btn">
          Sign in to sync
        </Link>
      </div>
    </SettingsSection>
  );
}
