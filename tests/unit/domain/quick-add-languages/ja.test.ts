// Quick add in Japanese (SPEC §20): a golden table, half as people type, half edge cases.
// Japanese is written without spaces; digits may be typed full width (１５時).
import { describe, expect, it } from 'vitest';
import { words } from '@/domain/quick-add/ja';
import { D, reader, type Seen } from './read';

const read = reader(words);

describe('Japanese, as people type', () => {
  it.each<[string, Seen]>([
    ['明日15時に歯医者', { title: '歯医者', date: D.tomorrow, time: '15:00' }],
    ['毎週月曜 ゴミ出し', { title: 'ゴミ出し', repeat: 'FREQ=WEEKLY;BYDAY=MO @ 2026-11-30' }],
    ['レポート金曜まで', { title: 'レポート', deadline: D.fri }],
    ['今日 買い物', { title: '買い物', date: D.today }],
    ['明日 病院', { title: '病院', date: D.tomorrow }],
    ['午後3時に会議', { title: '会議', date: D.today, time: '15:00' }],
    ['午前10時 散歩', { title: '散歩', date: D.today, time: '10:00' }],
    ['12月24日 パーティー', { title: 'パーティー', date: D.dec24 }],
    ['3日後に支払い', { title: '支払い', date: D.in3 }],
    ['2週間後 健康診断', { title: '健康診断', date: D.in2w }],
    ['来週の金曜 飲み会', { title: '飲み会', date: D.nextFri }],
    ['来週 打ち合わせ', { title: '打ち合わせ', date: D.nextWeek }],
    ['来月 車検', { title: '車検', date: D.nextMonth }],
    ['今週の土曜 映画', { title: '映画', date: D.sat }],
    ['週末 掃除', { title: '掃除', date: D.sat }],
    ['土曜日に買い物', { title: '買い物', date: D.sat }],
    ['明後日 美容院', { title: '美容院', date: D.after }],
    ['3時半に迎え', { title: '迎え', date: D.today, time: '15:30' }],
    ['会議 15時から1時間', { title: '会議', date: D.today, time: '15:00', duration: 60 }],
    ['毎週月曜と木曜 ジム', { title: 'ジム', repeat: 'FREQ=WEEKLY;BYDAY=MO,TH @ 2026-11-26' }],
    ['毎日 薬を飲む', { title: '薬を飲む', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['毎月 家賃', { title: '家賃', repeat: 'FREQ=MONTHLY;BYMONTHDAY=25 @ 2026-11-25' }],
    ['15日に家賃', { title: '家賃', date: '2026-12-15' }],
    ['金曜日までに申請書', { title: '申請書', deadline: D.fri }],
    ['明日の会議の準備', { title: '会議の準備', date: D.tomorrow }],
    ['歯医者 明日 15:30', { title: '歯医者', date: D.tomorrow, time: '15:30' }],
    ['牛乳 #groceries 明日', { title: '牛乳', list: 'groceries', date: D.tomorrow }],
    ['!高 確定申告', { title: '確定申告', priority: 3 }],
    ['電話 tomorrow at 5pm', { title: '電話', date: D.tomorrow, time: '17:00' }],
    ['隔週水曜 資源ゴミ', { title: '資源ゴミ', repeat: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE @ 2026-11-25' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});

describe('Japanese edge cases', () => {
  it.each<[string, Seen]>([
    // word order and no spaces
    ['歯医者に明日行く', { title: '歯医者に行く', date: D.tomorrow }],
    ['歯医者明日15時', { title: '歯医者', date: D.tomorrow, time: '15:00' }],
    ['15時 明日 歯医者', { title: '歯医者', date: D.tomorrow, time: '15:00' }],
    ['あした 病院', { title: '病院', date: D.tomorrow }],
    ['あさって 病院', { title: '病院', date: D.after }],
    // full-width digits
    ['１５時 会議', { title: '会議', date: D.today, time: '15:00' }],
    ['１２月２４日まで 申請', { title: '申請', deadline: D.dec24 }],
    // times
    ['15時30分 面談', { title: '面談', date: D.today, time: '15:30' }],
    ['9時 朝礼', { title: '朝礼', date: D.today, time: '09:00' }],
    ['午前3時 起床', { title: '起床', date: D.today, time: '03:00' }],
    ['夜8時 電話', { title: '電話', date: D.today, time: '20:00' }],
    ['午後12時 昼食会', { title: '昼食会', date: D.today, time: '12:00' }],
    ['15時 会議 45分間', { title: '会議', date: D.today, time: '15:00', duration: 45 }],
    ['15時 会議 1時間半', { title: '会議', date: D.today, time: '15:00', duration: 90 }],
    // numeric dates: month first
    ['12/24 クリスマス', { title: 'クリスマス', date: D.dec24 }],
    ['2月30日 予定', { title: '2月30日 予定' }],
    // next / this
    ['来週金曜日 出張', { title: '出張', date: D.nextFri }],
    ['今週金曜 締切', { title: '締切', date: D.fri }],
    ['来週末 旅行', { title: '旅行', date: '2026-12-05' }],
    // repeats
    ['毎朝 ストレッチ', { title: 'ストレッチ', repeat: 'FREQ=DAILY @ 2026-11-25' }],
    ['毎年 誕生日', { title: '誕生日', repeat: 'FREQ=YEARLY @ 2026-11-25' }],
    ['毎週日曜日 洗車', { title: '洗車', repeat: 'FREQ=WEEKLY;BYDAY=SU @ 2026-11-29' }],
    // durations need a time
    ['読書 1時間', { title: '読書 1時間' }],
    // must-nots: words that only contain date words
    ['明日香に電話', { title: '明日香に電話' }],
    ['今日子と会う', { title: '今日子と会う' }],
    ['毎日新聞を読む', { title: '毎日新聞を読む' }],
    ['日曜大工の道具', { title: '日曜大工の道具' }],
    ['明日にんじん買う', { title: 'にんじん買う', date: D.tomorrow }],
    ['3日間の研修', { title: '3日間の研修' }],
    ['3人で食事', { title: '3人で食事' }],
    ['1時間目の準備', { title: '1時間目の準備' }],
    ['休日出勤', { title: '休日出勤' }],
    ['月見団子', { title: '月見団子' }],
    ['5月病対策', { title: '5月病対策' }],
    ['101号室', { title: '101号室' }],
    ['1日1回 ストレッチ', { title: '1日1回 ストレッチ' }],
    ['1/2カップの牛乳', { title: '1/2カップの牛乳' }],
  ])('%s', (text, seen) => expect(read(text)).toEqual(seen));
});
