// "New filter" (SPEC §14.2): the form in a dialog; saving opens the new filter's screen.
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { filters } from '@/data/filters';
import { DialogShell } from '@/ui/dialog-shell';
import { PlusIcon } from '@/ui/icons';
import { FilterForm } from './filter-form';

export function NewFilterDialog() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <DialogShell
      frame="panel"
      open={open}
      onOpenChange={setOpen}
      title="New filter"
      trigger={
        <button type="button" className="btn">
          <PlusIcon /> New filter
        </button>
      }
    >
      <div className="filter-dialog-body">
        <FilterForm
          initial={{ name: '', query: {} }}
          submitLabel="Save filter"
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
