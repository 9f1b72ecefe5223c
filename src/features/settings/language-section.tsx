// Settings → "Language" (SPEC §20): the six languages, each in its own name, or the browser's (the
// default). A choice switches the app at once (its catalogue arrives as one chunk) and stays on
// this device; signed in, it is also a profile.update, so the person's other devices, mail and
// pushes follow it.
import { useEffect, useId, useRef, useState } from 'react';
import { reportWriteError } from '@/connected/write-error';
import { profile as profileWrites } from '@/data';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, type Language, matchLanguage, storedChoice, switchLanguage } from '@/lib/i18n';
import { useAccount } from '@/sync-status/use-sync-status';
import { showErrorToast } from '@/ui/toasts';
import { t } from './messages';
import { SettingsSection } from './settings-section';

// The app re-renders in the new language from its root, so this section mounts afresh: it takes
// the focus back to the select the person just used.
let refocus = false;

function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  return matchLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export function LanguageSection() {
  const id = useId();
  const select = useRef<HTMLSelectElement>(null);
  const signedIn = useAccount().state !== 'local';
  const [choice, setChoice] = useState<Language | null>(storedChoice);

  useEffect(() => {
    if (!refocus) return;
    refocus = false;
    select.current?.focus();
  }, []);

  async function choose(value: string) {
    const next = isLanguage(value) ? value : null;
    setChoice(next);
    refocus = true;
    const saved = signedIn ? profileWrites.update({ language: next }) : Promise.resolve();
    try {
      await switchLanguage(next);
    } catch (err) {
      // the chunk didn't arrive (offline before it was ever cached): the app stays as it was
      console.error(err);
      refocus = false;
      setChoice(storedChoice());
      if (next) showErrorToast(t('settings.languageFailed', { language: LANGUAGE_NAMES[next] }));
    }
    await saved.catch(reportWriteError);
  }

  return (
    <SettingsSection title={t('settings.language')}>
      <div className="field">
        {/* the section's title says it; the select still needs its own name */}
        <label className="visually-hidden" htmlFor={id}>
          {t('settings.language')}
        </label>
        <select
          ref={select}
          id={id}
          className="input settings-select"
          value={choice ?? ''}
          onChange={(e) => void choose(e.currentTarget.value)}
          aria-describedby={`${id}-hint`}
        >
          <option value="">{t('settings.languageBrowser', { language: LANGUAGE_NAMES[browserLanguage()] })}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
        <p id={`${id}-hint`} className="settings-text settings-muted">
          {signedIn ? t('settings.languageHintProfile') : t('settings.languageHintDevice')}
        </p>
      </div>
    </SettingsSection>
  );
}
