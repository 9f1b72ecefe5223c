// The shared mail sender and its message (supabase/functions/_shared): what goes in the mail, and
// what happens to a mail the server takes, refuses for good, or cannot be reached for.
import { describe, expect, it } from 'vitest';
import { type ClaimedMail, invitationMail } from '../../../supabase/functions/_shared/mail-message.ts';
import { createMailSender } from '../../../supabase/functions/_shared/mail-sender.ts';
import type { MailStore } from '../../../supabase/functions/_shared/mail-store.ts';

const mail = (over: Partial<ClaimedMail> = {}): ClaimedMail => ({
  id: 'm1',
  to_email: 'sam@example.test',
  token: 'a'.repeat(64),
  list_name: 'Allotment',
  invited_by: 'Alice',
  role: 'editor',
  expires_at: '2026-12-27T10:00:00.000Z',
  attempts: 1,
  ...over,
});

function fakeStore(pages: ClaimedMail[][]) {
  const log: string[] = [];
  const store: MailStore = {
    claim: async () => pages.shift() ?? [],
    sent: async (id) => void log.push(`sent ${id}`),
    failed: async (id, permanent) => void log.push(`failed ${id} ${permanent ? 'permanent' : 'retry'}`),
  };
  return { store, log };
}

describe('invitationMail', () => {
  it('names the inviter, the list, the role, the link and the last day', () => {
    const m = invitationMail(mail(), 'https://daybook.example/');
    expect(m.to).toBe('sam@example.test');
    expect(m.subject).toBe('Alice invited you to a list on Daybook');
    expect(m.text).toContain(`https://daybook.example/invites/${'a'.repeat(64)}`);
    expect(m.text).toContain('as an editor');
    expect(m.text).toContain('until 27 December 2026');
    expect(m.html).toContain(`href="https://daybook.example/invites/${'a'.repeat(64)}"`);
  });

  it('escapes what people typed in the HTML part', () => {
    const m = invitationMail(mail({ list_name: '<img src=x onerror=alert(1)> & "co"', role: 'viewer' }), 'https://d.example');
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;co&quot;');
    expect(m.text).toContain('as a viewer');
  });
});

describe('createMailSender', () => {
  it('records each mail by how its sending went: sent, refused for good (SMTP 5xx), or tried again later', async () => {
    const { store, log } = fakeStore([[mail({ id: 'ok' }), mail({ id: 'refused', to_email: 'no@x' }), mail({ id: 'down', to_email: 'later@x' })]]);
    const sent: string[] = [];
    const sender = createMailSender({
      store,
      siteUrl: 'https://d.example',
      log: () => {},
      transport: {
        async send(m) {
          if (m.to === 'no@x') throw Object.assign(new Error('550 no such mailbox'), { responseCode: 550 });
          if (m.to === 'later@x') throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' });
          sent.push(m.to);
        },
      },
    });
    expect(await sender.run()).toEqual({ claimed: 3, sent: 1, retried: 1, dropped: 1 });
    expect(sent).toEqual(['sam@example.test']);
    expect(log).toEqual(['sent ok', 'failed refused permanent', 'failed down retry']);
  });

  it('claims page after page while pages come full', async () => {
    const full = Array.from({ length: 2 }, (_, i) => mail({ id: `a${i}` }));
    const { store, log } = fakeStore([full, [mail({ id: 'b0' })], [mail({ id: 'never' })]]);
    const sender = createMailSender({ store, siteUrl: 'https://d.example', pageSize: 2, transport: { send: async () => {} } });
    expect((await sender.run()).sent).toBe(3);
    expect(log).toEqual(['sent a0', 'sent a1', 'sent b0']);
  });
});
