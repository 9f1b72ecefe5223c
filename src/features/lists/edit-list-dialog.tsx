// "Edit list": rename and recolour a list (owners only; ListActions decides).
import { useState } from 'react';
import { lists } from '@/data';
import type { List } from '@/domain/model';
import { PencilIcon } from '@/ui/icons-more';
import { ListDialog } from './list-dialog';
import { ListForm } from './list-form';
import { t } from './messages';

export function EditListDialog({ list }: { list: List }) {
  const [open, setOpen] = useState(false);
  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      title={t('lists.edit')}
      trigger={
        <button type="button" className="icon-btn" aria-label={t('lists.edit')} title={t('lists.edit')}>
          <PencilIcon />
        </button>
      }
    >
      <ListForm
        initial={{ name: list.name, color: list.color }}
        submitLabel={t('lists.save')}
        onSubmit={(draft) => lists.update(list.id, draft)}
        onSaved={() => setOpen(false)}
      />
    </ListDialog>
  );
}
