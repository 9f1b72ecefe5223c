// Times of day → 'HH:MM'. A number alone is never a time ("Room 101", "Buy 2 milk", "the 9 to 5
// shift", "2 for 1"): it needs am/pm ("5pm", "5:30 pm", "5.30pm"), a colon ("17:30", "9:05") or a
// cue ("at 9", "at 5.30", "@ 9"). "at the 9th" is not a time: the cue must be followed by the time itself.
// Words: "noon", "midday". Midnight is left out on purpose: "by midnight" means the end of a day,
// and 00:00 would make the task overdue all day.
//
// Without am/pm, an hour from 1 to 6 written without a leading zero reads as afternoon ("at 5" =
// 17:00, "5:30" = 17:30): tasks at 5 in the morning are rarer than at 5 in the afternoon, and
// "05:00" or "5am" say the morning. 7–12 and 0, 13–23 read as written ("at 9" = 09:00).
import { type Match, numberAt } from './dates';
import type { Context } from './table';
import { isWord, matchSpelling, type Token } from './tokens';

const pad = (n: number) => String(n).padStart(2, '0');

export function matchTime(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  for (const cue of c.t.timeCues) {
    const after = matchSpelling(tokens, i, cue, null);
    // "@5pm" may be joined; "at9" can't be, the tokenizer keeps letters and digits apart.
    if (after !== -1) {
      const timed = core(tokens, after, c, true);
      if (timed && (tokens[after]?.space || tokens[i]?.kind === 'mark')) return timed;
    }
  }
  return core(tokens, i, c, false);
}

function core(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const tok = tokens[i];
  if (tok === undefined) return null;
  if (tok.kind === 'word') {
    const named = c.t.namedTimes.get(tok.text);
    return named === undefined ? null : { end: i + 1, value: named };
  }
  const hour = numberAt(tokens, i, 2, 0, 23);
  if (hour === null) return null;
  let end = i + 1;
  let minute: number | null = null;
  let separator = '';
  const mark = tokens[end];
  if ((mark?.text === ':' || mark?.text === '.') && !mark.space && tokens[end + 1]?.text.length === 2 && !tokens[end + 1]?.space) {
    minute = numberAt(tokens, end + 1, 2, 0, 59);
    if (minute !== null) {
      separator = mark.text;
      end += 2;
    }
  }
  const meridiem = meridiemAt(tokens, end, c);
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const h = (hour % 12) + (meridiem.pm ? 12 : 0);
    return { end: meridiem.end, value: `${pad(h)}:${pad(minute ?? 0)}` };
  }
  // Without am/pm: a colon makes it a time, or the cue does ("at 9", "at 5.30"); "5.30" alone is
  // a price or a version.
  if (!cued && separator !== ':') return null;
  if (isWord(tokens, end, c.t.counted)) return null; // "at 9 people"
  const afternoon = hour >= 1 && hour <= 6 && tok.text.length === 1;
  return { end, value: `${pad(afternoon ? hour + 12 : hour)}:${pad(minute ?? 0)}` };
}

/** "am", "pm", "a.m.", joined to the number or after one space. */
function meridiemAt(tokens: readonly Token[], i: number, c: Context): { end: number; pm: boolean } | null {
  for (const [list, pm] of [
    [c.t.am, false],
    [c.t.pm, true],
  ] as const) {
    for (const spelling of list) {
      const end = matchSpelling(tokens, i, spelling, null);
      if (end !== -1) return { end, pm };
    }
  }
  return null;
}
