import { createRouter } from '@tanstack/react-router';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';
import { routeTree } from '../routeTree.gen';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundScreen,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Starts fetching the chunks of the screen at this address now, at boot, rather than when the
 * router first renders (after React and the whole app tree have). `/` redirects to Today.
 */
export function preloadCurrentRoute(pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname === '/' ? '/today' : pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {}); // the router loads (and reports) it again
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
