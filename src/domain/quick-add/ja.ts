// The Japanese words quick add understands (SPEC §20), read together with English's (withEnglish).
// Japanese is written without spaces: the tokenizer cuts a run of kanji and kana at the words of
// this table, longest first, so the words that merely contain a date word are listed too (names:
// "明日香" is a name, "毎日新聞" a newspaper, "日曜大工" DIY). Word order differs from English's: the
// deadline's "まで" follows its date ("金曜まで"), "3日後" is "in 3 days", "午後3時" is 15:00, and a
// duration needs no cue ("1時間", "45分間"). Particles after a date or time go with it ("明日に").
import { type Words, withEnglish } from './en';

const unit = (u: 'day' | 'week' | 'month' | 'year', times = 1) => ({ unit: u, times });

export const JA: Words = {
  weekdays: ['月曜日', '火曜日', '水曜日', '木曜日', '金曜日', '土曜日', '日曜日'],
  weekdaysAlone: { 月曜: 0, 火曜: 1, 水曜: 2, 木曜: 3, 金曜: 4, 土曜: 5, 日曜: 6 },
  weekdayShort: {},
  weekdayCompounds: { before: [], after: [] },
  months: {},
  today: ['今日', 'きょう', '本日', '今夜', '今晩', '今朝'],
  tomorrow: ['明日', 'あした', 'あす', '明朝'],
  relativeDays: { 明後日: 2, あさって: 2 },
  dateCues: [],
  deadlineCues: [],
  deadlineAfter: ['まで', 'までに'],
  particles: ['に', 'の', 'には', 'から', 'は'],
  this: [],
  next: [],
  thisUnits: { 今週: 'week' },
  nextUnits: { 来週: 'week', 来月: 'month' },
  linkers: ['の'],
  weekendAlone: ['週末', '今週末'],
  nextWeekendAlone: ['来週末'],
  in: [],
  inAfter: ['後'],
  the: [],
  of: [],
  ordinals: [],
  monthMark: ['月'],
  dayMark: ['日'],
  numericDates: 'mdy',
  weekend: ['週末'],
  units: {
    日: unit('day'), 週間: unit('week'), 週: unit('week'), か月: unit('month'), ヶ月: unit('month'), カ月: unit('month'),
    ヵ月: unit('month'), 年: unit('year'),
  },
  numbers: {},
  counted: ['人', '回', '個', '枚', '本', '冊', '円', 'ページ', '名', '件', '杯', 'キロ', '%'],
  timeCues: [],
  am: [],
  pm: [],
  amBefore: ['午前', '朝'],
  pmBefore: ['午後', '夜', '夕方'],
  hourMarks: ['時'],
  minuteMarks: ['分'],
  halfMarks: ['半'],
  namedTimes: { 正午: '12:00' },
  priorities: { 低: 1, 中: 2, 高: 3 },
  every: [],
  other: [],
  and: ['と', '・', '、'],
  workdays: [],
  repeatAdverbs: {},
  repeatWords: {
    毎日: { unit: 'day', interval: 1 },
    毎朝: { unit: 'day', interval: 1 },
    毎晩: { unit: 'day', interval: 1 },
    毎週: { unit: 'week', interval: 1 },
    隔週: { unit: 'week', interval: 2 },
    毎月: { unit: 'month', interval: 1 },
    毎年: { unit: 'year', interval: 1 },
  },
  durationHoursAlone: ['時間'],
  durationMinutesAlone: ['分間', '分'],
  names: ['明日香', '今日子', '毎日新聞', '日曜大工', '日間', '時間目', '月曜から夜ふかし', '昼食', '昼休み', '朝食', '朝日', '夜景'],
};

/** Japanese and English, as quick add reads them. */
export const words: Words = withEnglish(JA);
