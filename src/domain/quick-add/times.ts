// Times of day → 'HH:MM'. A number alone is never a time ("Room 101", "Buy 2 milk", "the 9 to 5
// shift", "2 for 1"): it needs am/pm ("5pm", "5:30 pm", "5.30pm"), a colon ("17:30", "9:05") or a
// cue ("at 9", "at 5.30", "@ 9"). "at the 9th" is not a time: the cue must be followed by the time itself.
// Words: "noon", "midday". Midnight is left out on purpose: "by midnight" means the end of a day,
// and 00:00 would make the task overdue all day.
//
// Without am/pm, an hour from 1 to 6 written without a leading zero reads as afternoon ("at 5" =
// 17:00, "5:30" = 17:30): tasks at 5 in the morning are rarer than at 5 in the afternoon, and
// "05:00" or "5am" say the morning. 7–12 and 0, 13–23 read as written ("at 9" = 09:00).
import { type Match, numberAt, withParticles } from './dates';
import type { Context } from './table';
import { isWord, matchAny, matchSpelling, type Token } from './tokens';

const pad = (n: number) => String(n).padStart(2, '0');

export function matchTime(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  for (const cue of c.t.timeCues) {
    const after = matchSpelling(tokens, i, cue, null);
    // "@5pm" may be joined; "at9" can't be, the tokenizer keeps letters and digits apart.
    if (after !== -1) {
      const timed = halfDay(tokens, after, c) ?? core(tokens, after, c, true);
      if (timed && (tokens[after]?.space || tokens[i]?.kind === 'mark')) return withParticles(tokens, timed, c);
    }
  }
  return withParticles(tokens, halfDay(tokens, i, c) ?? core(tokens, i, c, false), c);
}

/** "午後3時", "午前10時半": morning or afternoon before the hour. */
function halfDay(tokens: readonly Token[], i: number, c: Context): Match<string> | null {
  for (const [list, pm] of [
    [c.t.amBefore, false],
    [c.t.pmBefore, true],
  ] as const) {
    const after = list.length ? matchAny(tokens, i, list, null) : -1;
    if (after === -1) continue;
    const clock = read(tokens, after, c, true);
    if (clock === null || clock.meridiem || clock.written > 12) return null;
    return { end: clock.end, value: `${pad((clock.written % 12) + (pm ? 12 : 0))}:${pad(clock.minute)}` };
  }
  return null;
}

interface Clock {
  end: number;
  hour: number;
  /** The hour as written, before "at 5" became 17. */
  written: number;
  minute: number;
  /** am/pm said after it. */
  meridiem: boolean;
}

/** The hour and minutes as written, with an hour mark ("15h30", "15 Uhr", "3時半") or am/pm; null when it is no time. */
function read(tokens: readonly Token[], i: number, c: Context, cued: boolean): Clock | null {
  const tok = tokens[i] as Token;
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
    return { end: meridiem.end, hour: (hour % 12) + (meridiem.pm ? 12 : 0), written: hour, minute: minute ?? 0, meridiem: true };
  }
  const hourMark = tokens[end];
  if (hourMark?.kind === 'word' && c.t.hourMarks.has(hourMark.text) && (!hourMark.space || minute !== null || hourMark.text.length > 1)) {
    end += 1;
    if (minute === null) {
      const more = tokens[end];
      if (isWord(tokens, end, c.t.halfMarks, false)) {
        minute = 30;
        end += 1;
      } else if (more?.kind === 'num' && more.text.length === 2 && (!more.space || isWord(tokens, end + 1, c.t.minuteMarks, false))) {
        minute = numberAt(tokens, end, 2, 0, 59);
        if (minute !== null) end += isWord(tokens, end + 1, c.t.minuteMarks, false) ? 2 : 1;
      }
    }
    // "2h" alone is as likely two hours as two o'clock: an hour 1–6 with "h" needs a cue or minutes.
    if (!cued && minute === null && hourMark.text === 'h' && tok.text.length === 1 && hour <= 6) return null;
    if (isWord(tokens, end, c.t.counted)) return null;
    const half = meridiemAt(tokens, end, c); // "8h du soir"
    if (half && hour >= 1 && hour <= 12) return { end: half.end, hour: (hour % 12) + (half.pm ? 12 : 0), written: hour, minute: minute ?? 0, meridiem: true };
    return afternoon(tok, hour, minute ?? 0, end);
  }
  // Without am/pm: a colon makes it a time, or the cue does ("at 9", "at 5.30"); "5.30" alone is
  // a price or a version.
  if (!cued && separator !== ':') return null;
  if (isWord(tokens, end, c.t.counted)) return null; // "at 9 people"
  return afternoon(tok, hour, minute ?? 0, end);
}

function afternoon(tok: Token, hour: number, minute: number, end: number): Clock {
  const pm = hour >= 1 && hour <= 6 && tok.text.length === 1;
  return { end, hour: pm ? hour + 12 : hour, written: hour, minute, meridiem: false };
}

function core(tokens: readonly Token[], i: number, c: Context, cued: boolean): Match<string> | null {
  const tok = tokens[i];
  if (tok === undefined) return null;
  if (tok.kind === 'word') {
    const named = c.t.namedTimes.get(tok.text);
    return named === undefined ? null : { end: i + 1, value: named };
  }
  const clock = read(tokens, i, c, cued);
  return clock === null ? null : { end: clock.end, value: `${pad(clock.hour)}:${pad(clock.minute)}` };
}

/** "am", "pm", "a.m.", "de la tarde", joined to the number or after one space. */
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
