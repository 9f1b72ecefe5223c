// The server's words in English (SPEC §20): the mails, the reminder pushes, the notification pushes.
// files have exactly these keys (their type says so, and tests/unit/edge-functions/
// server-catalogues.test.ts checks the placeholders); English is the SPEC's and stays as it is.
export const en = {
  'invitation.subject': '{inviter} invited you to a list on Daybook',
  'invitation.someone': 'Someone',
  'invitation.lead': '{inviter} invited you to the list {list} on Daybook, {role}.',
  'invitation.quotedList': '"{list}"',
  'invitation.asEditor': 'as an editor',
  'invitation.asViewer': 'as a viewer',
  'invitation.asRole': 'as {role}',
  'invitation.openLine': 'Open the invitation: {link}',
  'invitation.openButton': 'Open the invitation',
  'invitation.until': 'Sign in or create an account there, then accept or decline. The link works until {date}.',
  'invitation.ignore': "If you weren't expecting this, you can ignore this mail.",
  'invitation.stopLine': "Don't send me invitations: {link}",
  'invitation.stopButton': "Don't send me invitations",

  'auth.actionLine': '{action}: {link}',
  'auth.signup.subject': 'Confirm your e-mail for Daybook',
  'auth.signup.lead': 'Someone (we hope you) made a Daybook account with this e-mail address. Confirm it to start syncing:',
  'auth.signup.action': 'Confirm your e-mail',
  'auth.signup.after': "The link works for an hour, once. If you didn't make an account, you can ignore this mail.",
  'auth.recovery.subject': 'Reset your Daybook password',
  'auth.recovery.lead': 'Someone (we hope you) asked to reset the password of the Daybook account with this e-mail address.',
  'auth.recovery.action': 'Reset password',
  'auth.recovery.after': "The link works for an hour, once. If you didn't ask, you can ignore this mail: your password stays as it is.",
  'auth.emailChange.subject': 'Confirm your new e-mail for Daybook',
  'auth.emailChange.lead': 'Someone (we hope you) asked to move a Daybook account to this e-mail address. Confirm it to make the change:',
  'auth.emailChange.action': 'Confirm your new e-mail',
  'auth.emailChange.after': "The link works for an hour, once. If you didn't ask, you can ignore this mail: nothing changes.",
  'auth.emailChanged.subject': 'Your Daybook e-mail is being changed',
  'auth.emailChanged.lead':
    'Someone signed in to your Daybook account asked to change its e-mail address to {newEmail}. It changes once the new address confirms it.',
  'auth.emailChanged.anotherAddress': 'another address',
  'auth.emailChanged.after': "If this wasn't you, sign in and change your password, then change the e-mail back in Settings → Account.",

  'reminder.today': 'Today',
  'reminder.tomorrow': 'Tomorrow',
  'reminder.yesterday': 'Yesterday',
  'reminder.dayAtTime': '{day} at {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': 'Complete',
  'reminder.snooze': 'Snooze 10 minutes',
  'reminders.title': '{count, plural, one {# reminder} other {# reminders}}: {titles}',
  'reminders.separator': ', ',
  'reminders.more': '{count, plural, other {and # more}}',

  'notify.assigned': '{actor} assigned you {task}',
  'notify.taskChanged': '{actor} changed {task}',
  'notify.taskCompleted': '{actor} completed {task}',
  'notify.comment': '{actor} commented on {task}',
  'notify.mention': '{actor} mentioned you on {task}',
  'notify.invited': '{actor} invited you to {list}',
  'notify.joined': '{actor} joined {list}',
  'notify.aTask': 'a task',
  'notify.aList': 'a list',
  'notify.someone': 'Someone',
  'notify.andMore': '{text} and {count, plural, other {# more}}',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Readonly<Record<MessageKey, string>>;
