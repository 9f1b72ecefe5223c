import { createRouter } from '@tanstack/react-router';
import { createElement } from 'react';
import { routeTree } from '../routeTree.gen';
import { FallbackNotFound } from './fallback-not-found';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
  defaultNotFoundComponent: () => createElement(FallbackNotFound),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
