// iCalendar's text rules (RFC 5545 §3.1, §3.3.11): TEXT values escape backslash, semicolon, comma
// and newlines; content lines end in CRLF and fold at 75 octets (UTF-8 bytes, never inside a
// character), each continuation starting with one space. Pure; no imports, so the same file
// serves the app and the Edge Function (see README.md beside it).

/** A TEXT value: `\` `;` `,` escaped, every newline (CRLF, CR or LF) as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A character's UTF-8 length, from its code point. */
const octets = (cp: number) => (cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4);

/** One content line folded at 75 octets, with its CRLF. */
export function foldLine(line: string): string {
  // (a line of 75 printable ASCII characters or fewer needs no folding: most lines)
  if (line.length <= 75 && /^[ -~]*$/.test(line)) return `${line}\r\n`;
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  // the first line holds 75 octets; each continuation holds 74 after its leading space
  let limit = 75;
  for (const ch of line) {
    const size = octets(ch.codePointAt(0)!);
    if (bytes + size > limit) {
      out.push(current);
      current = '';
      bytes = 0;
      limit = 74;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return `${out.join('\r\n ')}\r\n`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD' (a DATE value). */
export const icalDate = (iso: string): string => iso.replaceAll('-', '');

/** A UTC instant as a DATE-TIME with its Z. */
export function icalUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A local date and 'HH:MM' as a DATE-TIME without zone (read with its TZID). */
export const icalLocal = (date: string, time: string): string => `${icalDate(date)}T${time.replace(':', '')}00`;

/** 'YYYY-MM-DD' plus `n` days. */
export function addDaysIso(iso: string, n: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}
