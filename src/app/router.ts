import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { browserHistory } from './history';

export const router = createRouter({
  routeTree,
  history: browserHistory(),
  defaultPreload: 'intent',
  scrollRestoration: true,
  // an unknown address is rare: its screen is fetched when one is met, off the first screen
  defaultNotFoundComponent: lazyRouteComponent(() => import('@/features/not-found/not-found-screen'), 'NotFoundScreen'),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Resolves the address's routes, their chunks included, before React renders: the first render
 * then draws the screen itself inside its transition (a few milliseconds at a time), rather than
 * drawing it pending and having the router's store update replace it in one piece (a store's
 * update renders synchronously). The router sees the location resolved and does not load it again.
 */
export function loadFirstScreen(): Promise<void> {
  return router.load().catch(() => {}); // a route that fails says so on the screen, as before
}

let firstScreen: Promise<void> | null = null;

/**
 * Resolves once the router has rendered its first screen and the browser has painted it (or after
 * 5 s whatever happened): what that screen does not need — the service worker's registration, the
 * reminder scheduler, the idle preloads, the sync engine — waits for it, so on a slow network it
 * does not compete with the screen's own chunks, and offline not with its first query.
 */
export function afterFirstScreen(): Promise<void> {
  firstScreen ??= new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(fallback);
      requestAnimationFrame(() => setTimeout(resolve, 0));
    };
    const unsubscribe = router.subscribe('onRendered', done);
    const fallback = setTimeout(done, 5000);
  });
  return firstScreen;
}
