// The "Keyboard shortcuts" dialog (SPEC §18), opened with "?" (./keyboard-shortcuts.tsx).
import { DialogShell } from '@/ui/dialog-shell';

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['q'], what: 'New task' },
  { keys: ['/'], what: 'Search' },
  { keys: ['g', 't'], what: 'Go to Today' },
  { keys: ['g', 'u'], what: 'Go to Upcoming' },
  { keys: ['g', 'w'], what: 'Go to Week' },
  { keys: ['j'], what: 'Next task' },
  { keys: ['k'], what: 'Previous task' },
  { keys: ['x'], what: 'Select the task' },
  { keys: ['Enter'], what: 'Open the task' },
  { keys: ['c'], what: 'Complete the task' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <DialogShell frame="panel" onOpenChange={(open) => !open && onClose()} title="Keyboard shortcuts" className="shortcuts-dialog">
      <dl className="shortcuts-list">
        {SHORTCUTS.map(({ keys, what }) => (
          <div key={what} className="shortcut">
            <dt>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' then '}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </DialogShell>
  );
}
