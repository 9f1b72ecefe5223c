import { createFileRoute } from '@tanstack/react-router';
import { AccountSection } from '@/features/settings/account-section';
import { SettingsScreen } from '@/features/settings/settings-screen';

export const Route = createFileRoute('/settings')({
  component: () => <SettingsScreen account={<AccountSection />} />,
});
