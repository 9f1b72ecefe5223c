// One person on the list: avatar, name (and address), "You", role. The owner manages everyone else here
// (role, Remove); everyone else just reads. Refusals show on the row.
import { useId, useState } from 'react';
import { members } from '@/data';
import { reportWriteError } from '@/connected/write-error';
import type { Role } from '@/domain/model';
import { Avatar } from '@/ui/avatar';
import { type MemberView, roleName } from './member-views';
import { t } from './messages';

type SharedRole = Exclude<Role, 'owner'>;

interface MemberItemProps {
  listId: string;
  member: MemberView;
  /** The owner's controls (role, Remove) for this row. */
  manage: boolean;
  /** A role change for this person is queued here and not yet confirmed by the server. */
  roleWaiting?: boolean;
  onRoleChanged: (member: MemberView, role: SharedRole) => void;
  onRemoved: (member: MemberView) => void;
}

export function MemberItem({ listId, member, manage, roleWaiting = false, onRoleChanged, onRemoved }: MemberItemProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = member.name || t('sharing.you');

  async function run(action: () => Promise<void>, then: () => void) {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      setError(null);
      then();
    } catch (err) {
      reportWriteError(err, { atField: setError });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="member" aria-labelledby={`${id}-name`}>
      <Avatar name={name} color={member.color} />
      <div className="member-main">
        <span className="member-email" id={`${id}-name`}>
          {name}
        </span>
        <span className="member-meta">
          {member.isMe && member.name !== '' && <span className="member-you">{t('sharing.you')}</span>}
          {member.email !== '' && member.email !== member.name && <span className="member-address">{member.email}</span>}
          {(!manage || member.role === 'owner') && <span>{roleName(member.role)}</span>}
          {roleWaiting && (
            <>
              <span className="member-pending">{t('sharing.pending')}</span>
              <span>{t('sharing.roleChangeWaiting')}</span>
            </>
          )}
        </span>
        {error && (
          <span className="field-error" role="alert" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
      {manage && member.role !== 'owner' && (
        <div className="member-controls">
          {/* Named "Access for …", not "Role for …": the invite form's box is "Role" (SPEC §10),
              and name matching by substring (Playwright's default) must find only that one. */}
          <select
            className="input member-role"
            aria-label={t('sharing.accessFor', { name })}
            value={member.role}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              const next: SharedRole = e.target.value === 'viewer' ? 'viewer' : 'editor';
              void run(
                () => members.setRole(listId, member.userId, next),
                () => onRoleChanged(member, next),
              );
            }}
          >
            <option value="editor">{roleName('editor')}</option>
            <option value="viewer">{roleName('viewer')}</option>
          </select>
          <button
            type="button"
            className="btn btn-sm btn-ghost member-remove"
            aria-describedby={`${id}-name`}
            aria-disabled={busy || undefined}
            onClick={() =>
              void run(
                () => members.remove(listId, member.userId),
                () => onRemoved(member),
              )
            }
          >
            {t('sharing.remove')}
          </button>
        </div>
      )}
    </li>
  );
}
