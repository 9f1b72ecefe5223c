// A comment's text as people read it: plain text (React escapes it; newlines kept by CSS), web
// addresses as links that open in a new tab and tell it nothing of this app, and mentions as
// "@name". Nothing else in a body is markup.
import { Fragment, type ReactNode } from 'react';
import { parseBody } from '@/domain/mentions';

/** http(s) addresses only: no other scheme (javascript:, data:) ever becomes a link. */
const URL_RE = /\bhttps?:\/\/[^\s<>"]+/gi;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?'")\]]+$/;

function linkify(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(URL_RE)) {
    const start = m.index ?? 0;
    const url = m[0].replace(TRAILING, '');
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <a key={`${key}-${start}`} href={url} target="_blank" rel="noopener noreferrer nofollow">
        {url}
      </a>,
    );
    at = start + url.length;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export function CommentBody({ body }: { body: string }) {
  // each part keyed by where it starts in the body
  let at = 0;
  const nodes: ReactNode[] = [];
  for (const part of parseBody(body)) {
    const key = `p${at}`;
    if (part.kind === 'text') {
      nodes.push(<Fragment key={key}>{linkify(part.text, key)}</Fragment>);
      at += part.text.length;
    } else {
      nodes.push(
        <span key={key} className="comment-mention">
          @{part.name}
        </span>,
      );
      at += part.name.length + part.userId.length + 5;
    }
  }
  return <>{nodes}</>;
}
