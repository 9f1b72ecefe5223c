// Settings → Account: "Your name" and the avatar colour (SPEC §16). Each is one queued
// profile.update; the person's member rows show it at once; a name refused keeps its text.
import './support/match-media';
import { act, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { readProfile } from '@/data/db/profile';
import { installFakeSync } from './support/fake-sync';
import { renderRoutes } from './support/render-routes';
import { MY_EMAIL, seedSharedList, signedIn, signOutForTests } from './support/sharing';

afterEach(async () => {
  act(() => {
    toast.remove();
  });
  await signOutForTests();
});

async function openAccount() {
  const { db, userId } = await signedIn();
  installFakeSync({ account: { state: 'signed-in', userId, email: MY_EMAIL } });
  const { list } = await seedSharedList(db, userId, 'owner', { 'ann@example.com': 'editor' });
  const app = renderRoutes('/settings');
  const account = await screen.findByRole('region', { name: 'Account' });
  return { ...app, db, userId, list, account: within(account) };
}

describe('Settings → Account: how others see you', { timeout: 20_000 }, () => {
  it('saves "Your name" as one profile.update and shows it on your member rows at once', async () => {
    const { db, userId, list, user, account } = await openAccount();
    const box = await account.findByRole('textbox', { name: 'Your name' });
    expect(box).toHaveValue('');
    expect(box).toHaveAttribute('placeholder', 'me');
    await user.type(box, '  Mia Wong ');
    await user.click(account.getByRole('button', { name: 'Save name' }));
    await waitFor(async () => expect(await db.outbox.toArray()).toMatchObject([{ name: 'profile.update', args: { display_name: '  Mia Wong ' } }]), { timeout: 5000 });
    expect(await readProfile(db)).toMatchObject({ display_name: 'Mia Wong' });
    expect(await db.members.get([list.id, userId])).toMatchObject({ display_name: 'Mia Wong' });
  });

  it('refuses a name over 50 characters at the field and keeps it', async () => {
    const { db, user, account } = await openAccount();
    const box = await account.findByRole('textbox', { name: 'Your name' });
    await user.type(box, 'n'.repeat(51));
    await user.click(account.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription('Name must be at most 50 characters'), { timeout: 5000 });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveValue('n'.repeat(51));
    expect(await db.outbox.count()).toBe(0);
  });

  it('offers the eight colours by name and saves the one picked', async () => {
    const { db, userId, list, user, account } = await openAccount();
    const colours = await account.findByRole('radiogroup', { name: 'Avatar colour' });
    const radios = within(colours).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['grey', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple']);
    // one is checked already: the colour fixed by the person's id until they choose
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toHaveLength(1);
    // a colour other than that one (a random id's own colour is teal one time in eight)
    const [value, label] = (radios[5] as HTMLInputElement).checked ? ['blue', 'Blue'] : ['teal', 'Teal'];
    await user.click(within(colours).getByRole('radio', { name: label }));
    await waitFor(async () => expect(await db.outbox.toArray()).toMatchObject([{ name: 'profile.update', args: { color: value } }]), { timeout: 5000 });
    expect(await db.members.get([list.id, userId])).toMatchObject({ color: value });
    await waitFor(() => expect(within(colours).getByRole('radio', { name: label })).toBeChecked());
  });
});
