// The task's priority as a select named "Priority" (SPEC §10), its choices from the one table of
// priority names the task rows use too.
import type { Priority } from '@/domain/model';
import { t } from './messages';
import { SelectField } from './select-field';

interface PriorityFieldProps {
  value: Priority;
  disabled: boolean;
  error: string | undefined;
  onChange: (priority: Priority) => void;
}

/** The priorities' names from 0 (none) to 3 (high), the words the task rows use too. */
function priorityNames(): string[] {
  return [t('tasks.priorityNone'), t('tasks.priorityLow'), t('tasks.priorityMedium'), t('tasks.priorityHigh')];
}

export function PriorityField({ onChange, ...field }: PriorityFieldProps) {
  return (
    <SelectField label={t('tasks.priority')} onChange={(value) => onChange(Number(value) as Priority)} {...field}>
      {priorityNames().map((name, priority) => (
        <option key={name} value={priority}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
