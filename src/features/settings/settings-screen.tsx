// /settings: Account, Language, Appearance, Quick add, Week, Reminders, Calendar feed, Storage, Backup, Install.
import type { ReactNode } from 'react';
import { LocalAccountSection } from './account-section';
import { BackupSection } from './backup-section';
import { CalendarFeedSection } from './calendar-feed-section';
import { InstallAppButton } from './install-app-button';
import { LanguageSection } from './language-section';
import { t } from './messages';
import { QuickAddSection } from './quick-add-section';
import { RemindersSection } from './reminders-section';
import { SettingsSection } from './settings-section';
import { StorageSection } from './storage-section';
import { ThemeSection } from './theme-section';
import { WeekSection } from './week-section';
import { Screen } from '@/ui/screen';
import './settings.css';

interface SettingsScreenProps {
  /** The account section; the sync feature passes its own (signed in, sign out). */
  account?: ReactNode;
}

export function SettingsScreen({ account }: SettingsScreenProps) {
  return (
    <Screen title={t('settings.title')} className="settings-screen">
      {account ?? <LocalAccountSection />}
      <LanguageSection />
      <ThemeSection />
      <QuickAddSection />
      <WeekSection />
      <RemindersSection />
      <CalendarFeedSection />
      <StorageSection />
      <BackupSection />
      <SettingsSection title={t('settings.install')}>
        <InstallAppButton />
      </SettingsSection>
    </Screen>
  );
}
