// The "Keyboard shortcuts" dialog (SPEC §18), opened with "?" (./keyboard-shortcuts.tsx).
import { DialogShell } from '@/ui/dialog-shell';
import { type LayoutKey, t } from './messages';

export const SHORTCUTS: { keys: string[]; what: LayoutKey }[] = [
  { keys: ['q'], what: 'layout.shortcuts.newTask' },
  { keys: ['/'], what: 'layout.shortcuts.search' },
  { keys: ['g', 't'], what: 'layout.shortcuts.goToday' },
  { keys: ['g', 'u'], what: 'layout.shortcuts.goUpcoming' },
  { keys: ['g', 'w'], what: 'layout.shortcuts.goWeek' },
  { keys: ['j'], what: 'layout.shortcuts.nextTask' },
  { keys: ['k'], what: 'layout.shortcuts.previousTask' },
  { keys: ['x'], what: 'layout.shortcuts.select' },
  { keys: ['Enter'], what: 'layout.shortcuts.open' },
  { keys: ['c'], what: 'layout.shortcuts.complete' },
  { keys: ['?'], what: 'layout.shortcuts.show' },
];

export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const then = ` ${t('layout.shortcuts.then')} `;
  return (
    <DialogShell
      frame="panel"
      onOpenChange={(open) => !open && onClose()}
      title={t('layout.shortcuts.title')}
      className="shortcuts-dialog"
    >
      <dl className="shortcuts-list">
        {SHORTCUTS.map(({ keys, what }) => (
          <div key={what} className="shortcut">
            <dt>
              {keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && then}
                  <kbd>{k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </DialogShell>
  );
}
