// Mentions in a comment's body (SPEC §17): the token `@[name](user id)`, written by the composer
// when a member is picked from the "@" suggestions. The name is what the author saw then; the id
// is what counts (the server's `daybook_private.comment_mentions` reads the same tokens, for the
// notifications a mention makes). Plain text otherwise: nothing else in a body is markup.

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The name: 1–80 characters, no closing bracket or newline (kept in step with the SQL). */
const TOKEN = new RegExp(`@\\[([^\\]\\n]{1,80})\\]\\((${UUID})\\)`, 'g');

/** One stretch of a body: plain text, or a mention of a person. */
export type BodyPart = { kind: 'text'; text: string } | { kind: 'mention'; name: string; userId: string };

/** The token a picked member becomes; brackets and newlines in a name would end it early. */
export function mentionToken(name: string, userId: string): string {
  const clean = name.replace(/[\]\n\r[]/g, ' ').trim().slice(0, 80) || 'someone';
  return `@[${clean}](${userId})`;
}

/** The body cut into text and mentions, in order. */
export function parseBody(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let at = 0;
  for (const m of body.matchAll(TOKEN)) {
    const start = m.index ?? 0;
    if (start > at) parts.push({ kind: 'text', text: body.slice(at, start) });
    parts.push({ kind: 'mention', name: m[1] ?? '', userId: (m[2] ?? '').toLowerCase() });
    at = start + m[0].length;
  }
  if (at < body.length) parts.push({ kind: 'text', text: body.slice(at) });
  return parts;
}

/** The people a body mentions, each once, in the order they first appear. */
export function mentionedUserIds(body: string): string[] {
  const ids: string[] = [];
  for (const p of parseBody(body)) if (p.kind === 'mention' && !ids.includes(p.userId)) ids.push(p.userId);
  return ids;
}

/** The body as people read it: each mention as "@name". */
export function plainBody(body: string): string {
  return parseBody(body).map((p) => (p.kind === 'text' ? p.text : `@${p.name}`)).join('');
}

/**
 * The composer's text with the mentions picked from the suggestions made tokens: each "@name"
 * of a picked person (longest names first, so "@Ann" never takes the start of "@Anna").
 */
export function withMentionTokens(text: string, picked: readonly { name: string; userId: string }[]): string {
  const seen = new Set<string>();
  const unique = picked.filter((p) => !seen.has(p.name) && seen.add(p.name));
  const byLength = [...unique].sort((a, b) => b.name.length - a.name.length);
  const marks = byLength.map((_, i) => `\u0000${i}\u0000`);
  let out = text;
  byLength.forEach((p, i) => {
    out = out.split(`@${p.name}`).join(marks[i]!);
  });
  byLength.forEach((p, i) => {
    out = out.split(marks[i]!).join(mentionToken(p.name, p.userId));
  });
  return out;
}

/** The mentions of a body as the composer's picks (to edit a comment as text again). */
export function mentionsOf(body: string): { name: string; userId: string }[] {
  return parseBody(body).flatMap((p) => (p.kind === 'mention' ? [{ name: p.name, userId: p.userId }] : []));
}
