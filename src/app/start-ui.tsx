// The start's last phase: React and the app's tree, rendered as a transition so React renders
// the first screen a few milliseconds at a time, not in one task.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

export function renderApp(root: HTMLElement): void {
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
