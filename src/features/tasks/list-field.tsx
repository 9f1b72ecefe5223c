// The task's list as a select named "List" (SPEC §10). Lists this user may only view are shown
// but can't be chosen: a viewer can't add tasks to them.
import { useListSharing, useLists } from '@/data/react';
import { SelectField } from './select-field';
import { t } from './messages';

interface ListFieldProps {
  value: string;
  disabled: boolean;
  error: string | undefined;
  onChange: (listId: string) => void;
}

export function ListField({ value, ...field }: ListFieldProps) {
  const lists = useLists();
  const sharing = useListSharing();
  return (
    <SelectField label={t('tasks.list')} value={value} {...field}>
      {(lists ?? []).map((list) => {
        const closed = sharing?.[list.id]?.role === 'viewer' && list.id !== value;
        return (
          <option key={list.id} value={list.id} disabled={closed}>
            {closed ? t('tasks.viewOnlyList', { name: list.name }) : list.name}
          </option>
        );
      })}
      {/* Until the lists have loaded (or when the task's list is gone), the value still has an option. */}
      {!lists?.some((l) => l.id === value) && <option value={value}>…</option>}
    </SelectField>
  );
}
