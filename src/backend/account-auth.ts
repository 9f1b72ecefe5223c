// The account flows by mail (SPEC §16) over supabase-js's own functions, so they work the same
// against hosted Supabase Auth: resetPasswordForEmail, resend, verifyOtp (the mailed link's
// token hash), updateUser, signOut({ scope: 'others' }). Answers carry words ready to show.
import type { AuthError, SupabaseClient } from '@supabase/supabase-js';
import type { AccountAuth, AuthAnswer, AuthRefusal } from '@/sync/ports';
import { describeAuthError } from './auth';

export const ACCOUNT_MESSAGES = {
  linkExpired: 'This link has expired or was already used — ask for a new one',
  samePassword: 'That is already your password — choose another',
  emailTaken: 'An account already uses that e-mail',
  tooSoon: 'An e-mail was sent a moment ago — wait a minute before asking again',
  signedOut: 'Your session has ended — sign in again first',
} as const;

function refusal(error: AuthError): AuthRefusal {
  const code = (error as AuthError & { code?: string }).code;
  switch (code) {
    case 'otp_expired':
    case 'otp_disabled':
      return { ok: false, message: ACCOUNT_MESSAGES.linkExpired };
    case 'same_password':
      return { ok: false, message: ACCOUNT_MESSAGES.samePassword, field: 'password' };
    case 'email_exists':
      return { ok: false, message: ACCOUNT_MESSAGES.emailTaken, field: 'email' };
    case 'over_email_send_rate_limit':
      return { ok: false, message: ACCOUNT_MESSAGES.tooSoon };
    case 'session_not_found':
    case 'bad_jwt':
      return { ok: false, message: ACCOUNT_MESSAGES.signedOut };
  }
  if (error.name === 'AuthSessionMissingError') return { ok: false, message: ACCOUNT_MESSAGES.signedOut };
  return describeAuthError(error);
}

const answer = (error: AuthError | null): AuthAnswer => (error ? refusal(error) : { ok: true });

export function createAccountAuth(supabase: SupabaseClient): AccountAuth {
  return {
    async requestPasswordReset(email) {
      return answer((await supabase.auth.resetPasswordForEmail(email.trim())).error);
    },
    async resendConfirmation(email) {
      return answer((await supabase.auth.resend({ type: 'signup', email: email.trim() })).error);
    },
    async openLink(tokenHash, type) {
      const { data, error } = await supabase.auth.verifyOtp({ token_hash: tokenHash, type });
      if (error) return refusal(error);
      const user = data.session?.user ?? data.user;
      if (!user) return { ok: false, message: ACCOUNT_MESSAGES.linkExpired };
      return { ok: true, user: { userId: user.id, email: user.email ?? '' } };
    },
    async changePassword(password) {
      return answer((await supabase.auth.updateUser({ password })).error);
    },
    async changeEmail(email) {
      return answer((await supabase.auth.updateUser({ email: email.trim() })).error);
    },
    async signOutOthers() {
      return answer((await supabase.auth.signOut({ scope: 'others' })).error);
    },
  };
}
