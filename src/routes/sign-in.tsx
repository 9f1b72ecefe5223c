import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { SignInScreen } from '@/features/auth/sign-in-screen';

interface SignInSearch {
  /** Filled into the e-mail box (the expired-session banner passes the account's). */
  email?: string;
}

export const Route = createFileRoute('/sign-in')({
  // undefined, not a missing key: the router merges this over the raw query.
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    email: typeof search.email === 'string' && search.email !== '' ? search.email : undefined,
  }),
  component: SignInRoute,
});

function SignInRoute() {
  const { email } = Route.useSearch();
  const navigate = useNavigate();
  return <SignInScreen initialEmail={email} onSignedIn={() => void navigate({ to: '/today', replace: true })} />;
}
