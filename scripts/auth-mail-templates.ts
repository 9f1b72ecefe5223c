// Hosted Supabase Auth sends its own mails from the dashboard's templates unless the Send Email
// hook (supabase/functions/auth-mail) is on (supabase/README.md, "Deploying"): this prints, for
// one kind, the body to paste there, in the six languages of the stand-in's mails
// (supabase/functions/_shared/auth-mail.ts) chosen with the template language on the person's
// user data, where the app's sign-up puts `language` (else English). Subjects stay English there
// unless the dashboard's subject takes the same template; each is printed:
//   node_modules/.bin/tsx scripts/auth-mail-templates.ts signup|recovery|email_change
import { type AuthMailKind, authMail } from '../supabase/functions/_shared/auth-mail.ts';
import { SERVER_LANGUAGES } from '../supabase/functions/_shared/i18n/catalogue.ts';

type TemplateKind = Exclude<AuthMailKind, 'email_changed'>;
const TEMPLATE_KINDS: readonly TemplateKind[] = ['signup', 'recovery', 'email_change'];

const SITE = 'https://site.invalid';
const TOKEN = 'TOKENHASH';

/** One language's body, its link made of the template's variables. */
function body(kind: TemplateKind, language: string): { subject: string; html: string } {
  const mail = authMail({ kind, to: 'x@example.invalid', siteUrl: SITE, tokenHash: TOKEN, language });
  const html = mail.html
    .replace(/^<!doctype html>\n<html><body[^>]*>\n/, '')
    .replace(/\n<\/body><\/html>\n$/, '')
    .replaceAll(SITE, '{{ .SiteURL }}')
    .replaceAll(TOKEN, '{{ .TokenHash }}');
  return { subject: mail.subject, html };
}

/**
 * The template: each language's body under `{{ if eq (printf "%v" .Data.language) "…" }}` (printf:
 * an account without the key has nil there, which `eq` may refuse to compare), English last.
 */
function hostedTemplate(kind: TemplateKind): string {
  const others = SERVER_LANGUAGES.filter((l) => l !== 'en');
  const branches = others.map((l, i) => `{{ ${i === 0 ? 'if' : 'else if'} eq (printf "%v" .Data.language) "${l}" }}\n${body(kind, l).html}`);
  return `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2328">
${branches.join('\n')}
{{ else }}
${body(kind, 'en').html}
{{ end }}
</body></html>
`;
}

/** Each language's subject, for a dashboard whose subject field takes no template. */
function hostedSubjects(kind: TemplateKind): Record<string, string> {
  return Object.fromEntries(SERVER_LANGUAGES.map((l) => [l, body(kind, l).subject]));
}

const kind = process.argv[2] as TemplateKind;
if (!TEMPLATE_KINDS.includes(kind)) {
  console.error(`usage: tsx scripts/auth-mail-templates.ts ${TEMPLATE_KINDS.join('|')}`);
  process.exit(2);
}
console.log(`Subject (English; each language's: ${JSON.stringify(hostedSubjects(kind))})\n${hostedSubjects(kind).en}\n`);
console.log(hostedTemplate(kind));
