// The server's catalogues (SPEC §20): every language has exactly English's keys with the same
// placeholders, each message is ICU that both the app's parser and the Edge Functions' formatter
// read alike, plurals name only the language's CLDR categories; English mail and pushes stay
// word for word what they were; the other languages' dates and times come from Intl.
import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { authMail } from '../../../supabase/functions/_shared/auth-mail.ts';
import { calendarWords } from '../../../supabase/functions/_shared/calendar/calendar-words.ts';
import { CATALOGUES, SERVER_LANGUAGES, serverLanguage, serverLocale, serverText } from '../../../supabase/functions/_shared/i18n/catalogue.ts';
import { formatMessage, messageArguments } from '../../../supabase/functions/_shared/i18n/message-format.ts';
import { notificationPushText } from '../../../supabase/functions/_shared/i18n/notification-words.ts';
import { invitationMail } from '../../../supabase/functions/_shared/mail-message.ts';
import { type DuePush, pushMessage } from '../../../supabase/functions/_shared/push-payload.ts';
import { LANGUAGES } from '../../../src/lib/i18n/languages.ts';

type Token = ReturnType<typeof parse>[number] | { type: 'octothorpe' };

/** The placeholders and plural categories of a message, as the app's ICU parser reads it. */
function shape(message: string): { args: string[]; plurals: string[] } {
  const args = new Set<string>();
  const plurals = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const n of tokens) {
      if (n.type === 'argument' || n.type === 'function') args.add(n.arg);
      if (n.type === 'plural' || n.type === 'select') {
        args.add(n.arg);
        for (const c of n.cases) {
          if (!c.key.startsWith('=')) plurals.add(c.key);
          walk(c.tokens);
        }
      }
    }
  };
  walk(parse(message));
  return { args: [...args].sort(), plurals: [...plurals].sort() };
}

const en = CATALOGUES.en;

describe('server catalogues', () => {
  it('are the app’s six languages', () => {
    expect([...SERVER_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  for (const language of SERVER_LANGUAGES) {
    const messages = CATALOGUES[language];
    it(`${language}: every English key and no other, same placeholders, plurals in the language’s own categories`, () => {
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      const categories = new Intl.PluralRules(serverLocale(language)).resolvedOptions().pluralCategories as string[];
      for (const [key, message] of Object.entries(messages)) {
        const english = en[key as keyof typeof en];
        expect(message.trim(), `${language} ${key} is empty`).not.toBe('');
        const { args, plurals } = shape(message);
        expect(args, `${language} ${key}`).toEqual(shape(english).args);
        // the formatter of the Edge Functions reads the same placeholders as the app's parser
        expect(messageArguments(message), `${language} ${key}`).toEqual(args);
        for (const p of plurals) expect(categories, `${language} ${key}: "${p}" is not a ${language} plural category`).toContain(p);
      }
    });
  }

  it('fall back by base language (pt → pt-BR), else to English', () => {
    expect(serverLanguage('fr-CA')).toBe('fr');
    expect(serverLanguage('pt')).toBe('pt-BR');
    expect(serverLanguage('PT-br')).toBe('pt-BR');
    expect(serverLanguage('nl')).toBe('en');
    expect(serverLanguage(null)).toBe('en');
  });
});

describe('the Edge Functions’ message formatter', () => {
  it('puts in values, picks plural cases by CLDR rule (exact ones first) and formats # for the locale', () => {
    const m = '{n, plural, =0 {nothing} one {# thing for {who}} other {# things for {who}}}';
    expect(formatMessage(m, { n: 0, who: 'Ana' }, 'en')).toBe('nothing');
    expect(formatMessage(m, { n: 1, who: 'Ana' }, 'en')).toBe('1 thing for Ana');
    expect(formatMessage(m, { n: 1500, who: 'Ana' }, 'de')).toBe('1.500 things for Ana');
    // French counts 0 and 1 as "one"
    expect(formatMessage('{n, plural, one {# rappel} other {# rappels}}', { n: 0 }, 'fr')).toBe('0 rappel');
  });

  it('reads ICU quoting: a lone apostrophe is text, two are one, one before a brace quotes', () => {
    expect(formatMessage("didn't", {}, 'en')).toBe("didn't");
    expect(formatMessage("it''s '{literal}' {x}", { x: 'y' }, 'en')).toBe("it's {literal} y");
  });

  it('escapes string values for HTML but not raw ones nor its own text', () => {
    const w = serverText('en');
    expect(w.html('invitation.lead', { inviter: { raw: '<b>A</b>' }, list: '<L>', role: 'as a viewer' })).toBe(
      '<b>A</b> invited you to the list &lt;L&gt; on Daybook, as a viewer.',
    );
  });

  it('refuses a message outside its subset, and a missing value', () => {
    expect(() => formatMessage('{a, select, x {y} other {z}}', { a: 'x' }, 'en')).toThrow(/plural/);
    expect(() => formatMessage('{a}', {}, 'en')).toThrow(/No value/);
  });
});

const due = (n: number, extra: Partial<DuePush> = {}): DuePush => ({
  subscription_id: 's',
  endpoint: 'https://push.example/e',
  p256dh: 'p',
  auth: 'a',
  user_id: 'u',
  time_zone: 'Europe/Paris',
  task_id: `t${n}`,
  occurrence: '2030-10-02',
  fire_at: '2030-10-02T08:00:00.000Z',
  title: `Task ${n}`,
  due_time: '10:00',
  list_name: 'Maison',
  today: '2030-10-02',
  snoozed_until: null,
  ...extra,
});

const claimed = (extra: Record<string, unknown> = {}) => ({
  id: 'm',
  to_email: 'carol@example.test',
  token: 'tok',
  list_name: 'Allotment',
  invited_by: 'ana',
  role: 'viewer',
  expires_at: '2026-12-27T10:00:00Z',
  attempts: 1,
  ...extra,
});

describe('English stays word for word', () => {
  it('the invitation mail', () => {
    const m = invitationMail(claimed(), 'https://d.example');
    expect(m.subject).toBe('ana invited you to a list on Daybook');
    expect(m.text).toBe(
      'ana invited you to the list "Allotment" on Daybook, as a viewer.\n\nOpen the invitation: https://d.example/invites/tok\n\n' +
        'Sign in or create an account there, then accept or decline. The link works until 27 December 2026.\n' +
        "If you weren't expecting this, you can ignore this mail.\n\nDon't send me invitations: https://d.example/no-invitations/tok\n",
    );
    expect(m.html).toContain('<p><strong>ana</strong> invited you to the list <strong>Allotment</strong> on Daybook, as a viewer.</p>');
    expect(m.html).toContain("If you weren't expecting this, you can ignore this mail.<br>");
    expect(invitationMail(claimed({ language: 'en' }), 'https://d.example')).toEqual(m);
  });

  it('the reminder pushes', () => {
    const one = pushMessage([due(1, { language: 'en' })]);
    expect(one.options.body).toBe('Today at 10:00 · Maison');
    expect(one.kind === 'reminder' && one.options.actions.map((a) => a.title)).toEqual(['Complete', 'Snooze 10 minutes']);
    const many = pushMessage(Array.from({ length: 12 }, (_, i) => due(i)));
    expect(many.title).toBe('12 reminders: Task 0, Task 1, Task 2, Task 3, Task 4, Task 5, Task 6, Task 7, Task 8, Task 9, Task 10, Task 11');
    expect(many.options.body.split('\n').at(-1)).toBe('and 2 more');
  });
});

describe('other languages', () => {
  it('the invitation mail in French: words, quotes and the date', () => {
    const m = invitationMail(claimed({ language: 'fr', role: 'editor' }), 'https://d.example');
    expect(m.subject).toBe('ana vous invite à rejoindre une liste sur Daybook');
    expect(m.text).toContain('ana vous invite à rejoindre la liste «\u00a0Allotment\u00a0» sur Daybook en tant qu’éditeur.');
    expect(m.text).toContain('Le lien est valable jusqu’au 27 décembre 2026.');
    expect(m.text).toContain('Ouvrir l’invitation\u00a0: https://d.example/invites/tok');
    expect(m.html).toContain('<strong>Allotment</strong>');
    expect(m.html).toContain('>Ouvrir l’invitation</a>');
  });

  it('the invitation mail from someone whose account is gone, in German and Japanese', () => {
    expect(invitationMail(claimed({ language: 'de', invited_by: '' }), 'https://d.example').subject).toBe('Jemand hat dich zu einer Liste in Daybook eingeladen');
    const ja = invitationMail(claimed({ language: 'ja' }), 'https://d.example');
    expect(ja.text).toContain('anaがあなたをDaybookのリスト「Allotment」に閲覧者として招待しました。');
    expect(ja.text).toContain('2026年12月27日');
  });

  it('auth mails: the reset in Spanish, the notice in Portuguese naming the new address', () => {
    const reset = authMail({ kind: 'recovery', to: 'a@x.test', siteUrl: 'https://d.example', tokenHash: 'ff', language: 'es' });
    expect(reset.subject).toBe('Restablece tu contraseña de Daybook');
    expect(reset.text).toContain('Restablecer la contraseña: https://d.example/reset-password?token_hash=ff&type=recovery');
    const notice = authMail({ kind: 'email_changed', to: 'a@x.test', siteUrl: 'https://d.example', newEmail: 'n@x.test', language: 'pt-BR' });
    expect(notice.text).toContain('para n@x.test.');
    expect(notice.text).not.toContain('token_hash');
  });

  it('reminder pushes: day words, Intl dates and times, buttons, and the grouped push’s plurals', () => {
    expect(pushMessage([due(1, { language: 'de', occurrence: '2030-10-03', due_time: '07:05' })]).options.body).toBe('Morgen um 07:05 · Maison');
    expect(pushMessage([due(1, { language: 'fr', due_time: null })]).options.body).toBe('Aujourd’hui · Maison');
    expect(pushMessage([due(1, { language: 'pt-BR', occurrence: '2030-10-01' })]).options.body).toBe('Ontem às 10:00 · Maison');
    expect(pushMessage([due(1, { language: 'ja', occurrence: '2031-01-05', due_time: '07:05' })]).options.body).toBe('2031年1月5日(日) 7:05 · Maison');
    const es = pushMessage([due(1, { language: 'es', occurrence: '2030-10-09' })]);
    expect(es.options.body).toBe('mié, 9 oct a las 10:00 · Maison');
    expect(es.kind === 'reminder' && es.options.actions).toEqual([
      { action: 'complete', title: 'Completar' },
      { action: 'snooze', title: 'Posponer 10 minutos' },
    ]);
    const fr = pushMessage(Array.from({ length: 11 }, (_, i) => due(i, { language: 'fr' })));
    expect(fr.title.startsWith('11 rappels\u00a0: Task 0, Task 1')).toBe(true);
    expect(fr.options.body.split('\n').at(-1)).toBe('et 1 autre');
    const ja = pushMessage([due(1, { language: 'ja' }), due(2, { language: 'ja' })]);
    expect(ja.title).toBe('2件のリマインダー：Task 1、Task 2');
  });

  it('notification pushes: the screen’s sentence, and "and N more" by the language’s plural rules', () => {
    const comment = { kind: 'comment', actor: 'Ana', title: 'Buy milk' } as const;
    expect(notificationPushText(comment, 2, 'en')).toBe('Ana commented on Buy milk and 2 more');
    expect(notificationPushText(comment, 0, null)).toBe('Ana commented on Buy milk');
    expect(notificationPushText(comment, 1, 'fr')).toBe('Ana a commenté Buy milk et 1 autre');
    expect(notificationPushText(comment, 3, 'fr')).toBe('Ana a commenté Buy milk et 3 autres');
    expect(notificationPushText({ kind: 'assigned', actor: 'Jonas', title: 'Steuer' }, 0, 'de')).toBe('Jonas hat dir Steuer zugewiesen');
    expect(notificationPushText({ kind: 'joined', actor: null, listName: null }, 4, 'ja')).toBe('誰かがリストに参加しました（ほか4件）');
    expect(notificationPushText({ kind: 'invited', actor: 'Lu', listName: 'Casa' }, 0, 'pt-BR')).toBe('Lu convidou você para Casa');
    expect(notificationPushText({ kind: 'mention', actor: 'Eva', title: 'Cena' }, 1, 'es')).toBe('Eva te ha mencionado en Cena y 1 más');
  });

  it('calendar feeds: the deadline and reminder words of each language', () => {
    expect(calendarWords('de').deadline('Steuer')).toBe('Deadline: Steuer');
    expect(calendarWords('fr').deadline('Impôts')).toBe('Date limite\u00a0: Impôts');
    expect(calendarWords('pt').reminder).toBe('Lembrete');
    expect(calendarWords('ja').reminder).toBe('リマインダー');
    expect(calendarWords('es-MX').deadline('x')).toBe('Fecha límite: x');
    expect(calendarWords('nl').deadline('x')).toBe('Deadline: x');
  });
});
