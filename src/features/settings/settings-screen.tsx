// /settings: Account, Appearance, Storage, Backup, Install.
import type { ReactNode } from 'react';
import { LocalAccountSection } from './account-section';
import { BackupSection } from './backup-section';
import { InstallAppButton } from './install-app-button';
import { SettingsSection } from './settings-section';
import { StorageSection } from './storage-section';
import { ThemeSection } from './theme-section';
import './settings.css';

interface SettingsScreenProps {
  /** The account section; the sync feature passes its own (signed in, sign out). */
  account?: ReactNode;
}

export function SettingsScreen({ account }: SettingsScreenProps) {
  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <header className="screen-header">
        <h1 id="settings-title" className="screen-title">
          Settings
        </h1>
      </header>
      {account ?? <LocalAccountSection />}
      <ThemeSection />
      <StorageSection />
      <BackupSection />
      <SettingsSection title="Install">
        <InstallAppButton />
      </SettingsSection>
    </section>
  );
}
