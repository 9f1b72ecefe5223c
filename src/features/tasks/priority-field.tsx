// The task's priority as a select named "Priority" (SPEC §10), its choices from the one table of
// priority names the task rows use too.
import type { Priority } from '@/domain/model';
import { PRIORITY_NAMES } from '@/ui/format';
import { SelectField } from './select-field';

interface PriorityFieldProps {
  value: Priority;
  disabled: boolean;
  error: string | undefined;
  onChange: (priority: Priority) => void;
}

export function PriorityField({ onChange, ...field }: PriorityFieldProps) {
  return (
    <SelectField label="Priority" onChange={(value) => onChange(Number(value) as Priority)} {...field}>
      {Object.entries(PRIORITY_NAMES).map(([priority, name]) => (
        <option key={priority} value={priority}>
          {name}
        </option>
      ))}
    </SelectField>
  );
}
