// How long a timed task takes (SPEC §18) → whole minutes: "for 45m", "for 2h", "for 1h30",
// "for 1h 30m", "for 90 min", "for 2 hours". Only after the cue ("for"): "2h" alone, "for 2
// people" and "for 2" are text. Only from 15 minutes to 8 hours ("for 5m", "for 10h" stay in
// the title), and only on a line that also has a time (parse.ts): a duration belongs to a time.
import type { Match } from './dates';
import type { Context } from './table';
import { isWord, matchAny, type Token } from './tokens';

export const DURATION_RANGE = { min: 15, max: 480 } as const;

const amount = (t: Token | undefined) => (t !== undefined && t.kind === 'num' && t.text.length <= 3 ? Number(t.text) : null);

export function matchDuration(tokens: readonly Token[], i: number, c: Context): Match<number> | null {
  if (c.t.durationHoursAlone.size && tokens[i]?.kind === 'num') return durationAlone(tokens, i, c);
  const cue = matchAny(tokens, i, c.t.durationCues, true);
  if (cue === -1) return null;
  const first = tokens[cue];
  const n = amount(first);
  const unit = tokens[cue + 1];
  if (n === null || !first?.space || unit?.kind !== 'word') return null;
  let minutes: number;
  let end = cue + 2;
  if (c.t.hourUnits.has(unit.text)) {
    minutes = n * 60;
    // "1h30", "1h30m", "1h 30m", "1 hour 30 minutes"
    const more = tokens[end];
    const m = amount(more);
    if (m !== null && m < 60 && more) {
      const after = tokens[end + 1];
      if (after?.kind === 'word' && c.t.minuteUnits.has(after.text)) {
        minutes += m;
        end += 2;
      } else if (!more.space && (after === undefined || after.space || after.kind === 'mark')) {
        minutes += m;
        end += 1;
      }
    }
  } else if (c.t.minuteUnits.has(unit.text)) {
    minutes = n;
  } else {
    return null;
  }
  if (minutes < DURATION_RANGE.min || minutes > DURATION_RANGE.max) return null;
  return { end, value: minutes };
}

/** Japanese says a duration without a cue: "1時間", "1時間半", "1時間30分", "45分間". */
function durationAlone(tokens: readonly Token[], i: number, c: Context): Match<number> | null {
  const n = amount(tokens[i]);
  const unit = tokens[i + 1];
  if (n === null || unit?.kind !== 'word') return null;
  let minutes: number;
  let end = i + 2;
  if (c.t.durationHoursAlone.has(unit.text)) {
    minutes = n * 60;
    if (isWord(tokens, end, c.t.halfMarks, false)) {
      minutes += 30;
      end += 1;
    } else {
      const m = amount(tokens[end]);
      if (m !== null && m < 60 && (c.t.minuteMarks.has(tokens[end + 1]?.text ?? '') || c.t.durationMinutesAlone.has(tokens[end + 1]?.text ?? ''))) {
        minutes += m;
        end += 2;
      }
    }
  } else if (c.t.durationMinutesAlone.has(unit.text)) {
    minutes = n;
  } else {
    return null;
  }
  if (minutes < DURATION_RANGE.min || minutes > DURATION_RANGE.max) return null;
  return { end, value: minutes };
}
