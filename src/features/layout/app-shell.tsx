import { lazy, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { bootSnapshotShown, removeBootShell } from '@/connected/boot-host';
import { BottomBar, TopBar } from './bottom-bar';
import { SessionBanner } from './session-banner';
import { Sidebar } from './sidebar';
import { SyncProgressStrip } from './sync-progress-strip';
import { useMediaQuery } from '@/ui/use-media-query';
import { NewTaskButton } from './new-task-fab';
import { t } from './messages';
import './layout.css';

// the shortcuts' keys are listened for once their chunk has loaded, after the first paint
const KeyboardShortcuts = lazy(() => import('./keyboard-shortcuts'));

export const WIDE_QUERY = '(min-width: 768px)';
/** How long boot.js's picture may stay up once the app runs, if Today does not take it down. */
const BOOT_SNAPSHOT_AT_MOST_MS = 2000;

/**
 * Sidebar on wide screens, top + bottom bars on narrow ones. Only one navigation is rendered
 * at a time, so each destination has exactly one link on screen.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_QUERY);
  // index.html's static frame goes in the frame this one first paints in (a layout effect runs
  // before the browser paints), so the two never show together and nothing shifts. A picture of
  // Today (public/boot.js) stays over the page until Today has drawn its rows and takes it down;
  // should that not come (an error, another screen), it goes after a moment all the same.
  useLayoutEffect(() => {
    if (!bootSnapshotShown()) {
      removeBootShell();
      return;
    }
    const timer = setTimeout(removeBootShell, BOOT_SNAPSHOT_AT_MOST_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={wide ? 'shell shell-wide' : 'shell shell-narrow'}>
      <a className="skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      {wide ? <Sidebar /> : <TopBar />}
      <main id="main" className="main" tabIndex={-1}>
        <SessionBanner />
        <SyncProgressStrip />
        {children}
      </main>
      {!wide && <NewTaskButton />}
      {!wide && <BottomBar />}
      <Suspense fallback={null}>
        <KeyboardShortcuts />
      </Suspense>
    </div>
  );
}
