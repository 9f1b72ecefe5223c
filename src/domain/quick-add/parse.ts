// Quick add that understands (SPEC §11.2): a line → a title and the recognised parts.
// Pure: "today" and the time are parameters, never the clock. The rules are in README.md here.
//
// Every word start is tried by each matcher; a phrase must stand as words of its own (tokens.ts).
// Of overlapping phrases the one that starts first wins, then the longer ("every monday" over
// "monday", "on friday" over "friday"). One part of each kind: a second date stays in the title.
import { addDays } from '@/lib/dates';
import { type Match, matchDate, matchDeadline } from './dates';
import { EN } from './en';
import { buildRepeat, matchRepeat, type RepeatSpec } from './repeats';
import { type Context, compile } from './table';
import { matchLabel, matchList, matchPerson, matchPriority } from './tags';
import { matchTime } from './times';
import { matchDuration } from './durations';
import { freeAfter, freeBefore, isCjk, type Token, tokenize } from './tokens';
import type { Fields, LabelRef, ListRef, ParseOptions, Part, PartKind, PersonRef, QuickAddResult } from './types';

type Candidate =
  | { kind: 'date' | 'time' | 'deadline'; start: number; end: number; value: string; trailingOnly?: false }
  | { kind: 'priority' | 'duration'; start: number; end: number; value: number; trailingOnly?: false }
  | { kind: 'list'; start: number; end: number; value: ListRef; trailingOnly?: false }
  | { kind: 'assignee'; start: number; end: number; value: PersonRef; trailingOnly?: false }
  | { kind: 'label'; start: number; end: number; value: LabelRef; trailingOnly?: false }
  | { kind: 'repeat'; start: number; end: number; value: RepeatSpec; trailingOnly: boolean };

/** The key a dismissed part is remembered by: its kind and its words, lower case. */
export function partKey(part: { kind: PartKind; text: string }): string {
  return `${part.kind}:${part.text.toLowerCase()}`;
}

export function parseQuickAdd(text: string, options: ParseOptions): QuickAddResult {
  const c: Context = { t: compile(options.words ?? EN), today: options.today, weekStart: options.weekStart ?? 0 };
  const all = candidates(text, tokenize(text, c.t.segmenter), c, options.lists ?? [], options.labels ?? []);
  let chosen = choose(text, all, options.dismissed);
  // a duration belongs to a time: without one its words stay in the title
  if (!chosen.some((p) => p.kind === 'time')) chosen = chosen.filter((p) => p.kind !== 'duration');
  // "+name" names a member of the list the task goes to, which a "#list" may change
  if (options.people?.length && text.includes('+')) chosen = withAssignee(text, chosen, options);
  const base = chosen.find((p) => p.kind === 'date')?.value ?? options.defaultDate ?? options.today;
  const parts: Part[] = chosen.map((p) => {
    const span = { start: p.start, end: p.end, text: text.slice(p.start, p.end) };
    if (p.kind === 'repeat') return { ...span, kind: 'repeat', value: buildRepeat(p.value, base as string, c.weekStart) };
    return { ...span, kind: p.kind, value: p.value } as Part;
  });
  return { title: titleWithout(text, parts), parts, fields: fieldsOf(parts, options) };
}

function candidates(text: string, tokens: readonly Token[], c: Context, lists: readonly ListRef[], labels: readonly LabelRef[]): Candidate[] {
  const found: Candidate[] = [];
  const add = <T>(kind: Candidate['kind'], i: number, m: Match<T> | null, extra: object = {}) => {
    if (m === null) return;
    const end = (tokens[m.end - 1] as Token).end;
    if (freeAfter(text, end)) found.push({ kind, start: (tokens[i] as Token).start, end, value: m.value, ...extra } as Candidate);
  };
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    if (!freeBefore(text, tok.start)) continue;
    if (tok.text === '#') {
      const list = matchList(text, tok.start, lists);
      if (list) found.push({ kind: 'list', start: tok.start, end: list.end, value: list.value });
      continue;
    }
    // (no `continue`: "@7pm" is a time)
    if (tok.text === '@') {
      const label = matchLabel(text, tok.start, labels);
      if (label) found.push({ kind: 'label', start: tok.start, end: label.end, value: label.value });
    }
    if (tok.text === '!') {
      add('priority', i, matchPriority(tokens, i, c));
      continue;
    }
    const repeat = matchRepeat(tokens, i, c);
    add('repeat', i, repeat, { trailingOnly: repeat?.value.trailingOnly ?? false });
    add('deadline', i, matchDeadline(tokens, i, c));
    add('date', i, matchDate(tokens, i, c));
    add('time', i, matchTime(tokens, i, c));
    add('duration', i, matchDuration(tokens, i, c));
  }
  return found;
}

function withAssignee(text: string, chosen: Candidate[], options: ParseOptions): Candidate[] {
  const listId = chosen.find((p) => p.kind === 'list')?.value.id ?? options.listId;
  for (let at = text.indexOf('+'); at >= 0; at = text.indexOf('+', at + 1)) {
    if (!freeBefore(text, at)) continue;
    const m = matchPerson(text, at, options.people ?? [], listId as string | undefined);
    if (!m) continue;
    const p: Candidate = { kind: 'assignee', start: at, end: m.end, value: m.value };
    if (chosen.some((q) => overlaps(p, q)) || options.dismissed?.has(partKey({ kind: p.kind, text: text.slice(at, m.end) }))) continue;
    return [...chosen, p].sort((a, b) => a.start - b.start);
  }
  return chosen;
}

const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start < b.end && b.start < a.end;

function choose(text: string, found: Candidate[], dismissed: ReadonlySet<string> | undefined): Candidate[] {
  // A dismissed phrase keeps its words: nothing inside it is read either ("at 9am" dismissed
  // doesn't come back as "9am").
  const blocked = dismissed?.size ? found.filter((p) => dismissed.has(partKey({ kind: p.kind, text: text.slice(p.start, p.end) }))) : [];
  const open = found
    .filter((p) => !blocked.some((b) => overlaps(p, b)))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const chosen: Candidate[] = [];
  // any number of labels; one of every other kind
  const fits = (p: Candidate) => !chosen.some((q) => (q.kind === p.kind && p.kind !== 'label') || overlaps(p, q));
  for (const p of open) if (!p.trailingOnly && fits(p)) chosen.push(p);
  // "daily" and its kin: only when nothing but recognised parts and marks follow them.
  for (const p of open) {
    if (p.trailingOnly && fits(p) && onlyPartsAfter(text, p.end, chosen)) chosen.push(p);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

function onlyPartsAfter(text: string, from: number, parts: readonly Candidate[]): boolean {
  let rest = '';
  let at = from;
  for (const p of [...parts].filter((q) => q.start >= from).sort((a, b) => a.start - b.start)) {
    rest += text.slice(at, p.start);
    at = p.end;
  }
  rest += text.slice(at);
  return !/[\p{L}\p{N}]/u.test(rest);
}

const LEADING = /^[\s,;:–—-]+/;
const TRAILING = /[\s,;:–—-]+$/;
const ONLY_SEPARATORS = /^[\s,;:–—-]*$/;
const CLOSING = /^[.,;:!?)]/;

/** Two sides of a removed part, meeting with one space (none before closing punctuation). */
function seam(left: string, right: string): string {
  let l = left.trimEnd();
  let r = right.trimStart();
  // "Pay rent, tomorrow." → "Pay rent."; "Call Sam, tomorrow, about the car" → one comma.
  if (/[,;:]$/.test(l) && CLOSING.test(r)) l = l.slice(0, -1).trimEnd();
  if (l.endsWith('(') && r.startsWith(')')) {
    l = l.slice(0, -1).trimEnd();
    r = r.slice(1).trimStart();
  }
  // Japanese runs on without spaces: "歯医者に明日行く" → "歯医者に行く".
  const cjk = isCjk(l[l.length - 1]) || isCjk(r[0]);
  if (cjk && !(/\s$/.test(left) && /^\s/.test(right))) return l + r;
  return !l || !r || CLOSING.test(r) ? l + r : `${l} ${r}`;
}

/**
 * The text without the parts, trimmed. Where words were taken out the sides meet with one space,
 * and separators left dangling at an end ("Pay rent - tomorrow", "Tomorrow: call Sam") go; the
 * user's own spacing elsewhere is kept.
 */
function titleWithout(text: string, parts: readonly Part[]): string {
  if (parts.length === 0) return text.trim();
  let title = text.slice(0, (parts[0] as Part).start);
  parts.forEach((p, n) => {
    title = seam(title, text.slice(p.end, (parts[n + 1] as Part | undefined)?.start ?? text.length));
  });
  if (ONLY_SEPARATORS.test(text.slice(0, (parts[0] as Part).start))) title = title.replace(LEADING, '');
  if (ONLY_SEPARATORS.test(text.slice((parts[parts.length - 1] as Part).end))) title = title.replace(TRAILING, '');
  return title.trim();
}

function fieldsOf(parts: readonly Part[], options: ParseOptions): Fields {
  const fields: Fields = {};
  for (const p of parts) {
    if (p.kind === 'date') fields.due_date = p.value;
    else if (p.kind === 'time') fields.due_time = p.value;
    else if (p.kind === 'duration') fields.duration_min = p.value;
    else if (p.kind === 'deadline') fields.deadline = p.value;
    else if (p.kind === 'priority') fields.priority = p.value;
    else if (p.kind === 'list') fields.list_id = p.value.id;
    else if (p.kind === 'assignee') fields.assignee = p.value.id;
    else if (p.kind === 'label') {
      fields.labels ??= [];
      const names = fields.labels;
      if (!names.some((n) => n.toLowerCase() === p.value.name.toLowerCase())) names.push(p.value.name);
    } else {
      fields.repeat = p.value;
      fields.due_date = p.value.anchor; // a repeat starts on its first occurrence
    }
  }
  // A time needs a date. A screen with no date of its own (a list) takes the next such time:
  // today's if still to come, else tomorrow's.
  if (fields.due_time !== undefined && fields.due_date === undefined && !options.defaultDate) {
    const passed = options.now != null && fields.due_time < options.now;
    fields.due_date = passed ? addDays(options.today, 1) : options.today;
  }
  return fields;
}
