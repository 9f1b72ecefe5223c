import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SignInScreen } from '@/features/auth/sign-in-screen';

interface SignInSearch {
  /** Filled into the e-mail box (the expired-session banner passes the account's). */
  email?: string;
  /** Where to go once signed in (an invitation's link sends people here and back): a path of this app. */
  next?: string;
}

/** Only a path of this app ("/…", not "//host…" or "/\\host…", which browsers read as another site). */
const appPath = (v: unknown) => (typeof v === 'string' && /^\/(?![/\\])/.test(v) ? v : undefined);

export const Route = createFileRoute('/sign-in')({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    email: typeof search.email === 'string' && search.email !== '' ? search.email : undefined,
    next: appPath(search.next),
  }),
  component: SignInRoute,
});

function SignInRoute() {
  const { email, next } = Route.useSearch();
  const navigate = useNavigate();
  return <SignInScreen initialEmail={email} onSignedIn={() => void (next ? navigate({ href: next, replace: true }) : navigate({ to: '/today', replace: true }))} />;
}
