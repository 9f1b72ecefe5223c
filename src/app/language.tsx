// The app speaks the current language: a change (Settings, or the person's profile as another
// device set it) re-renders the whole tree in it. The profile is where the choice is kept; this
// device's copy is what the next start reads before anything is open.
import { Fragment, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useProfile } from '@/data/react';
import { currentLanguage, storedChoice, subscribeLanguage, switchLanguage } from '@/lib/i18n';

export function LanguageRoot({ children }: { children: ReactNode }) {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  return <Fragment key={language}>{children}</Fragment>;
}

/** Follows the profile's language when it differs from this device's choice. */
export function LanguageFromProfile() {
  const chosen = useProfile()?.language ?? null;
  useEffect(() => {
    if (chosen !== null && chosen !== storedChoice()) void switchLanguage(chosen);
  }, [chosen]);
  return null;
}
