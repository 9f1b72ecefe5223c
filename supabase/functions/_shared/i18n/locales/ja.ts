// The server's words in Japanese: see ./en.ts. Mails are written in the polite です/ます style a
// Japanese service's mail uses; the pushes are short, like the app's labels.
import type { Messages } from './en.ts';

export const ja: Messages = {
  'invitation.subject': '{inviter}からDaybookのリストに招待されました',
  'invitation.someone': '誰か',
  'invitation.lead': '{inviter}があなたをDaybookのリスト{list}に{role}招待しました。',
  'invitation.quotedList': '「{list}」',
  'invitation.asEditor': '編集者として',
  'invitation.asViewer': '閲覧者として',
  'invitation.asRole': '{role}として',
  'invitation.openLine': '招待を開く: {link}',
  'invitation.openButton': '招待を開く',
  'invitation.until': 'リンク先でログインするかアカウントを作成し、招待を承諾または辞退してください。リンクの有効期限は{date}までです。',
  'invitation.ignore': 'お心当たりがない場合は、このメールを無視してください。',
  'invitation.stopLine': '今後の招待を受け取らない: {link}',
  'invitation.stopButton': '今後の招待を受け取らない',

  'auth.actionLine': '{action}: {link}',
  'auth.signup.subject': 'Daybookのメールアドレスを確認してください',
  'auth.signup.lead': 'このメールアドレスでDaybookのアカウントが作成されました。同期を始めるには、メールアドレスを確認してください。',
  'auth.signup.action': 'メールアドレスを確認',
  'auth.signup.after': 'リンクは1時間有効で、1回だけ使えます。アカウントを作成した覚えがない場合は、このメールを無視してください。',
  'auth.recovery.subject': 'Daybookのパスワードを再設定してください',
  'auth.recovery.lead': 'このメールアドレスのDaybookアカウントについて、パスワードの再設定がリクエストされました。',
  'auth.recovery.action': 'パスワードを再設定',
  'auth.recovery.after':
    'リンクは1時間有効で、1回だけ使えます。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
  'auth.emailChange.subject': 'Daybookの新しいメールアドレスを確認してください',
  'auth.emailChange.lead': 'Daybookアカウントのメールアドレスをこのアドレスに変更するリクエストがありました。変更を完了するには、メールアドレスを確認してください。',
  'auth.emailChange.action': '新しいメールアドレスを確認',
  'auth.emailChange.after': 'リンクは1時間有効で、1回だけ使えます。お心当たりがない場合は、このメールを無視してください。何も変更されません。',
  'auth.emailChanged.subject': 'Daybookのメールアドレスの変更がリクエストされました',
  'auth.emailChanged.lead':
    'あなたのDaybookアカウントにログイン中の誰かが、メールアドレスを{newEmail}に変更するようリクエストしました。新しいアドレスが確認されると変更されます。',
  'auth.emailChanged.anotherAddress': '別のアドレス',
  'auth.emailChanged.after':
    'お心当たりがない場合は、ログインしてパスワードを変更し、設定 → アカウントでメールアドレスを元に戻してください。',

  'reminder.today': '今日',
  'reminder.tomorrow': '明日',
  'reminder.yesterday': '昨日',
  'reminder.dayAtTime': '{day} {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': '完了',
  'reminder.snooze': '10分後に再通知',
  'reminders.title': '{count, plural, other {#件のリマインダー}}：{titles}',
  'reminders.separator': '、',
  'reminders.more': '{count, plural, other {ほか#件}}',

  'notify.assigned': '{actor}があなたに{task}を割り当てました',
  'notify.taskChanged': '{actor}が{task}を変更しました',
  'notify.taskCompleted': '{actor}が{task}を完了しました',
  'notify.comment': '{actor}が{task}にコメントしました',
  'notify.mention': '{actor}が{task}であなたをメンションしました',
  'notify.invited': '{actor}があなたを{list}に招待しました',
  'notify.joined': '{actor}が{list}に参加しました',
  'notify.aTask': 'タスク',
  'notify.aList': 'リスト',
  'notify.someone': '誰か',
  'notify.andMore': '{text}（ほか{count, plural, other {#件}}）',
};
