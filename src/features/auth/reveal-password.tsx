// "Show password", inside the password box. Its visible word is short in every language, so the
// box keeps room to type on a phone; the accessible name stays the whole phrase.
import { t } from './messages';

export function RevealPassword({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const name = t('auth.showPassword');
  const word = t('auth.showPasswordShort');
  return (
    <button type="button" className="btn btn-ghost btn-sm auth-reveal" aria-pressed={shown} aria-label={word === name ? undefined : name} onClick={onToggle}>
      {word}
    </button>
  );
}
