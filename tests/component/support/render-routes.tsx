// Mounts real route files (validateSearch, components) under the real root layout, the way
// the generated route tree does, on an in-memory history.
import { type AnyRoute, createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SyncToasts } from '@/app/sync-toasts';
import { AppToaster } from '@/app/toaster';
import { Route as RootRoute } from '@/routes/__root';
import { Route as AssignedRoute } from '@/routes/assigned';
import { Route as NotificationsRoute } from '@/routes/notifications';
import { Route as ConfirmRoute } from '@/routes/confirm';
import { Route as FilterRoute } from '@/routes/filters.$filterId';
import { Route as ForgotPasswordRoute } from '@/routes/forgot-password';
import { Route as InviteRoute } from '@/routes/invites.$token';
import { Route as JoinRoute } from '@/routes/join.$token';
import { Route as LabelRoute } from '@/routes/labels.$labelId';
import { Route as ListRoute } from '@/routes/lists.$listId';
import { Route as ShareRoute } from '@/routes/lists.$listId.share';
import { Route as ActivityRoute } from '@/routes/lists.$listId.activity';
import { Route as ListsRoute } from '@/routes/lists.index';
import { Route as ResetPasswordRoute } from '@/routes/reset-password';
import { Route as NoInvitationsRoute } from '@/routes/no-invitations.$token';
import { Route as SettingsRoute } from '@/routes/settings';
import { Route as SignInRoute } from '@/routes/sign-in';
import { Route as SyncRoute } from '@/routes/sync';
import { Route as TaskRoute } from '@/routes/tasks.$taskId';
import { Route as TodayRoute } from '@/routes/today';
import { Route as UpcomingRoute } from '@/routes/upcoming';
import { Route as WeekRoute } from '@/routes/week';

// A screen's first live queries (fake IndexedDB) can take over a second when the whole suite
// runs in parallel; wait longer than the 1 s default before calling an element missing.
configure({ asyncUtilTimeout: 5000 });

export function renderRoutes(url: string) {
  const child = (route: { update: (o: never) => unknown }, id: string) =>
    route.update({ id, path: id, getParentRoute: () => RootRoute } as never);
  const routeTree = (RootRoute as unknown as AnyRoute).addChildren([
    child(TodayRoute, '/today'),
    child(UpcomingRoute, '/upcoming'),
    child(WeekRoute, '/week'),
    child(AssignedRoute, '/assigned'),
    child(NotificationsRoute, '/notifications'),
    child(ListsRoute, '/lists/'),
    (child(ListRoute, '/lists/$listId') as AnyRoute).addChildren([
      ShareRoute.update({ id: '/share', path: '/share', getParentRoute: () => ListRoute } as never),
      ActivityRoute.update({ id: '/activity', path: '/activity', getParentRoute: () => ListRoute } as never),
    ] as never),
    child(TaskRoute, '/tasks/$taskId'),
    child(LabelRoute, '/labels/$labelId'),
    child(FilterRoute, '/filters/$filterId'),
    child(SignInRoute, '/sign-in'),
    child(InviteRoute, '/invites/$token'),
    child(NoInvitationsRoute, '/no-invitations/$token'),
    child(SyncRoute, '/sync'),
    child(SettingsRoute, '/settings'),
    child(JoinRoute, '/join/$token'),
    child(ForgotPasswordRoute, '/forgot-password'),
    child(ResetPasswordRoute, '/reset-password'),
    child(ConfirmRoute, '/confirm'),
  ] as never) as unknown as AnyRoute;
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [url] }) });
  render(
    <>
      <RouterProvider router={router as never} />
      <AppToaster />
      <SyncToasts onReview={() => void router.navigate({ to: '/sync' as never })} />
    </>,
  );
  return { router, user: userEvent.setup() };
}
