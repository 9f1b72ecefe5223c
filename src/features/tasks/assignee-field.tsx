// Who does it (SPEC §13.2), on a shared list only: a select "Assignee" ("Nobody" and the list's
// members) and, on a repeating task, "Take turns" with a checkbox per member under "Take turns
// between". Members show by name, in the order of their e-mail addresses, which is the turn order
// too: it stays fixed whoever ticks whom, and whoever changes their name.
import type { Member, Task, TaskPatch } from '@/domain/model';
import { personColor, personName } from '@/domain/people';
import { Avatar } from '@/ui/avatar';
import { SelectField } from './select-field';
import { t } from './messages';

interface AssigneeFieldProps {
  task: Task;
  members: readonly Member[];
  disabled: boolean;
  error: string | undefined;
  onChange: (patch: TaskPatch) => void;
}

export function AssigneeField({ task, members: unsorted, disabled, error, onChange }: AssigneeFieldProps) {
  const members = [...unsorted].sort((a, b) => a.email.localeCompare(b.email));
  const turns = task.turns ?? null;
  const setTurns = (ids: string[]) => onChange({ turns: ids.length ? members.map((m) => m.user_id).filter((id) => ids.includes(id)) : null });
  return (
    <>
      <SelectField label={t('tasks.assignee')} value={task.assignee ?? ''} disabled={disabled} error={error} onChange={(v) => onChange({ assignee: v || null })}>
        <option value="">{t('tasks.nobody')}</option>
        {members.map((m) => (
          <option key={m.user_id} value={m.user_id}>
            {personName(m)}
          </option>
        ))}
      </SelectField>
      {task.repeat && (
        <div className="field">
          <label className="task-done-field">
            <input
              type="checkbox"
              className="checkbox"
              checked={turns !== null}
              disabled={disabled}
              onChange={(e) => setTurns(e.currentTarget.checked ? members.map((m) => m.user_id) : [])}
            />
            {t('tasks.takeTurns')}
          </label>
          {turns && (
            <fieldset className="turns-field">
              <legend className="field-label">{t('tasks.takeTurnsBetween')}</legend>
              {members.map((m) => (
                <label key={m.user_id} className="task-done-field">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={turns.includes(m.user_id)}
                    disabled={disabled}
                    onChange={(e) => setTurns(e.currentTarget.checked ? [...turns, m.user_id] : turns.filter((id) => id !== m.user_id))}
                  />
                  <Avatar name={personName(m)} color={personColor(m)} size="sm" />
                  {personName(m)}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </>
  );
}
