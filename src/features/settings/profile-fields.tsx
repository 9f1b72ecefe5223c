// Settings → Account: how others see you (SPEC §16) — "Your name" and the avatar colour, with the
// avatar as it shows on shared lists. Both are profile.update changes: saved on this device at
// once, sent at the next sync, and on the other members' screens after theirs. An empty name
// gives the name back to the part of the e-mail before @.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { profile as profileWrites, ValidationError } from '@/data';
import { useIdentity, useProfile } from '@/data/react';
import type { ListColor } from '@/domain/model';
import { defaultPersonColor, emailName } from '@/domain/people';
import { reportWriteError } from '@/connected/write-error';
import { Avatar } from '@/ui/avatar';
import { COLOR_CHOICES } from '@/ui/color-names';
import { errorProps, FieldError } from '@/ui/field-error';
import { t } from './messages';

export function ProfileFields({ email }: { email: string }) {
  const id = useId();
  const identity = useIdentity();
  const profile = useProfile();
  const held = profile?.display_name ?? '';
  const [name, setName] = useState(held);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  // a name that arrives from another device replaces the field, unless the person is typing
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setName(held);
  }, [held, edited]);
  if (!identity || profile === undefined) return null;

  const standIn = emailName(email) || t('settings.you');
  const color: ListColor = profile?.color ?? defaultPersonColor(identity.userId);
  const shown = (edited ? name.trim() : held) || standIn;

  async function save(e: FormEvent) {
    e.preventDefault();
    try {
      await profileWrites.update({ display_name: name });
      setError(null);
      setEdited(false);
      setSaid(t('settings.nameSaved', { name: name.trim() || standIn }));
    } catch (err) {
      // the text stays in the field, with the reason beside it
      if (err instanceof ValidationError) setError(err.message);
      else reportWriteError(err, { atField: setError });
    }
  }

  function pick(next: ListColor, shownAs: string) {
    profileWrites.update({ color: next }).then(() => setSaid(t('settings.colorSaved', { color: shownAs })), reportWriteError);
  }

  return (
    <div className="settings-profile">
      <div className="settings-profile-who">
        <Avatar name={shown} color={color} size="lg" />
        <p className="settings-text settings-muted">{t('settings.profileHint')}</p>
      </div>
      <form className="settings-profile-name" onSubmit={save} noValidate>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-name`}>
            {t('settings.yourName')}
          </label>
          <div className="settings-row">
            <input
              id={`${id}-name`}
              className="input"
              value={name}
              placeholder={standIn}
              autoComplete="name"
              maxLength={200}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setEdited(true);
              }}
              {...errorProps(`${id}-error`, error)}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
            />
            <button type="submit" className="btn">
              {t('settings.saveName')}
            </button>
          </div>
          <FieldError id={`${id}-error`} message={error} />
          {!error && (
            <p id={`${id}-hint`} className="settings-text settings-muted">
              {t('settings.nameHint', { name: standIn })}
            </p>
          )}
        </div>
      </form>
      <div className="field">
        <span id={`${id}-color`} className="field-label">
          {t('settings.avatarColour')}
        </span>
        <div role="radiogroup" aria-labelledby={`${id}-color`} className="settings-swatches">
          {COLOR_CHOICES.map((choice) => (
            <label key={choice.color} className="settings-swatch" style={{ '--swatch': `var(--list-${choice.color})` } as React.CSSProperties}>
              <input
                type="radio"
                name={`${id}-color`}
                value={choice.color}
                checked={color === choice.color}
                onChange={() => pick(choice.color, choice.name)}
                className="settings-swatch-input"
              />
              <span className="settings-swatch-dot" aria-hidden="true" />
              <span className="settings-swatch-name">{choice.name}</span>
            </label>
          ))}
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </div>
  );
}
