import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ConfirmLinkScreen } from '@/features/auth/confirm-link-screen';

// The mailed links: /confirm?token_hash=…&type=signup (a new account) or type=email_change
export const Route = createFileRoute('/confirm')({
  validateSearch: (search: Record<string, unknown>): { token_hash?: string; type?: 'signup' | 'email_change' } => ({
    token_hash: typeof search.token_hash === 'string' && search.token_hash !== '' ? search.token_hash : undefined,
    type: search.type === 'email_change' ? 'email_change' : search.type === 'signup' || search.type === 'email' ? 'signup' : undefined,
  }),
  component: ConfirmRoute,
});

function ConfirmRoute() {
  const { token_hash, type } = Route.useSearch();
  const navigate = useNavigate();
  const done = useCallback(() => void navigate({ to: type === 'email_change' ? '/settings' : '/today', replace: true }), [navigate, type]);
  return <ConfirmLinkScreen tokenHash={token_hash} type={type ?? 'signup'} onDone={done} />;
}
