import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ResetPasswordScreen } from '@/features/auth/reset-password-screen';

// The mailed link: /reset-password?token_hash=…&type=recovery
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token_hash?: string } => ({
    token_hash: typeof search.token_hash === 'string' && search.token_hash !== '' ? search.token_hash : undefined,
  }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token_hash } = Route.useSearch();
  const navigate = useNavigate();
  return <ResetPasswordScreen tokenHash={token_hash} onDone={() => void navigate({ to: '/today', replace: true })} />;
}
