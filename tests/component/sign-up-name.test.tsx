// The sign-up's optional "Name" (SPEC §16): sent with the new account, trimmed; left empty, none is
// sent (the e-mail's local part stands in); a name too long is refused at the field, nothing lost.
import './support/match-media';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeSync } from './support/fake-sync';
import { freshAppEachTest } from './support/fresh-app';
import { renderRoutes } from './support/render-routes';

const LOCAL = { account: { state: 'local' as const }, status: 'local' as const };
freshAppEachTest();

async function fill(user: ReturnType<typeof renderRoutes>['user'], name: string) {
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  if (name) await user.type(screen.getByRole('textbox', { name: 'Name' }), name);
}

describe('the sign-up’s Name', () => {
  it('goes with the new account, trimmed', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await fill(user, '  Ann Lee ');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Optional, for a new account: how people on your shared lists see you.');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fake.sync.signUp).toHaveBeenCalledWith('ann@example.com', 'secret123', 'Ann Lee'));
  });

  it('may be left empty', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await fill(user, '');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fake.sync.signUp).toHaveBeenCalledWith('ann@example.com', 'secret123', null));
  });

  it('refuses one over 50 characters at the field, keeping it', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await fill(user, 'n'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveAccessibleDescription('Name must be at most 50 characters');
    expect(name).toHaveFocus();
    expect(name).toHaveValue('n'.repeat(51));
    expect(fake.sync.signUp).not.toHaveBeenCalled();
  });

  it('is not asked when signing in', async () => {
    const fake = installFakeSync(LOCAL);
    const { user } = renderRoutes('/sign-in');
    await fill(user, 'n'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(fake.sync.signIn).toHaveBeenCalledWith('ann@example.com', 'secret123'));
  });
});
