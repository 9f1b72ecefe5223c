// "New list": creates a list at the end of the user's lists.
import { useState } from 'react';
import { lists } from '@/data';
import { PlusIcon } from '@/ui/icons';
import { ListDialog } from './list-dialog';
import { ListForm } from './list-form';
import { t } from './messages';

export function NewListDialog() {
  const [open, setOpen] = useState(false);

  return (
    <ListDialog
      open={open}
      onOpenChange={setOpen}
      title={t('lists.new')}
      trigger={
        <button type="button" className="btn btn-primary">
          <PlusIcon /> {t('lists.new')}
        </button>
      }
    >
      <ListForm
        initial={{ name: '', color: 'grey' }}
        submitLabel={t('lists.create')}
        onSubmit={(draft) => lists.create(draft)}
        onSaved={() => setOpen(false)}
      />
    </ListDialog>
  );
}
