// One person's mail in their language while the inviter uses English (SPEC §20): Camille's
// account speaks French (the language her French browser's app sent at sign-up, as it does);
// Alice, in an English browser, invites her address from the share dialog; the mail the server
// sends Camille (read from the dev mailbox, /_dev/mail) is in French, with the link that works.
import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signUp, uniqueEmail } from './support/account';
import { createList } from './support/app';
import { closeShareDialog, invite, nameOf, openShareDialog } from './support/sharing';

interface DevMail {
  subject: string;
  text: string;
  html: string;
}

async function invitationTo(page: Page, to: string): Promise<DevMail> {
  let found: DevMail | undefined;
  await expect(async () => {
    const mails: DevMail[] = await (await page.request.get(`/_dev/mail?to=${encodeURIComponent(to)}`)).json();
    found = mails.find((m) => m.text.includes('/invites/'));
    expect(found).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  return found!;
}

test('Camille, who speaks French, gets Alice’s invitation in French though Alice uses English', async ({ browser, request }) => {
  test.setTimeout(90_000);
  // Camille's account, made as the app in a French browser makes it: her language in the sign-up's data
  const camille = uniqueEmail('camille');
  const { supabaseAnonKey } = (await (await request.get('/config.json')).json()) as { supabaseAnonKey: string };
  const made = await request.post('/auth/v1/signup', {
    headers: { apikey: supabaseAnonKey },
    data: { email: camille, password: PASSWORD, data: { language: 'fr' } },
  });
  expect(made.ok()).toBe(true);

  const aliceContext = await browser.newContext({ locale: 'en-GB' });
  const alice = await aliceContext.newPage();
  const { email: aliceEmail } = await signUp(alice, { email: uniqueEmail('alice') });
  const name = `Potager ${randomUUID().slice(0, 6)}`;
  await createList(alice, name);
  const dialog = await openShareDialog(alice, name);
  await invite(dialog, camille, 'Editor');
  await closeShareDialog(dialog);

  const mail = await invitationTo(alice, camille);
  const inviter = nameOf(aliceEmail);
  expect(mail.subject).toBe(`${inviter} vous invite à rejoindre une liste sur Daybook`);
  expect(mail.text).toContain(`${inviter} vous invite à rejoindre la liste «\u00a0${name}\u00a0» sur Daybook en tant qu’éditeur.`);
  expect(mail.html).toContain('>Ouvrir l’invitation</a>');
  const link = /https?:\/\/\S+\/invites\/[0-9a-f]{64}/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // the link is the app's: it opens the invitation for her
  const camilleContext = await browser.newContext({ locale: 'fr-FR' });
  const page = await camilleContext.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 20_000 });
  await aliceContext.close();
  await camilleContext.close();
});
