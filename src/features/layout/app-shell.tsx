import { type ReactNode, useLayoutEffect } from 'react';
import { BottomBar, TopBar } from './bottom-bar';
import { SessionBanner } from './session-banner';
import { Sidebar } from './sidebar';
import { SyncProgressStrip } from './sync-progress-strip';
import { useMediaQuery } from '@/ui/use-media-query';
import './layout.css';

export const WIDE_QUERY = '(min-width: 768px)';

/**
 * Sidebar on wide screens, top + bottom bars on narrow ones. Only one navigation is rendered
 * at a time, so each destination has exactly one link on screen.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const wide = useMediaQuery(WIDE_QUERY);
  // index.html's static frame goes in the frame this one first paints in (a layout effect runs
  // before the browser paints), so the two never show together and nothing shifts.
  useLayoutEffect(() => document.getElementById('boot-shell')?.remove(), []);
  return (
    <div className={wide ? 'shell shell-wide' : 'shell shell-narrow'}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {wide ? <Sidebar /> : <TopBar />}
      <main id="main" className="main" tabIndex={-1}>
        <SessionBanner />
        <SyncProgressStrip />
        {children}
      </main>
      {!wide && <BottomBar />}
    </div>
  );
}
