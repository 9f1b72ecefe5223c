import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { NotFoundScreen } from '@/features/not-found/not-found-screen';

it('says the page was not found and leads to Today', async () => {
  const root = createRootRoute({ component: Outlet });
  const today = createRoute({ getParentRoute: () => root, path: '/today', component: () => <h1>Today</h1> });
  // As ui-core wires it: the router's defaultNotFoundComponent.
  const router = createRouter({
    routeTree: root.addChildren([today]),
    history: createMemoryHistory({ initialEntries: ['/no/such/page'] }),
    defaultNotFoundComponent: NotFoundScreen,
  });
  render(<RouterProvider router={router} />);

  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Today' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/today');
});
