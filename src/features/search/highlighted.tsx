import { highlightSegments } from './highlight';

/** `text` with the matches of `query` wrapped in <mark>; plain React text, never HTML. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightSegments(text, query).map((segment, i) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity beyond their place
          <mark key={i} className="search-mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
