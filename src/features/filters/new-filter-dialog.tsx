// "New filter" (SPEC §14.2): the form in a dialog; saving opens the new filter's screen.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { filters } from '@/data/filters';
import { DialogShell } from '@/ui/dialog-shell';
import { PlusIcon } from '@/ui/icons';
import { FilterForm } from './filter-form';
import { t } from './messages';

export function NewFilterDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <DialogShell
      frame="panel"
      open={open}
      onOpenChange={setOpen}
      title={t('filters.new')}
      trigger={
        <button type="button" className="btn">
          <PlusIcon /> {t('filters.new')}
        </button>
      }
    >
      <div className="filter-dialog-body">
        <FilterForm
          initial={{ name: '', query: {} }}
          submitLabel={t('filters.save')}
          onSubmit={async (draft) => {
            const made = await filters.create(draft.name, draft.query);
            setOpen(false);
            await navigate({ to: '/filters/$filterId', params: { filterId: made.id } });
          }}
        />
      </div>
    </DialogShell>
  );
}
