// The server's words in German (du, as the app speaks): see ./en.ts.
import type { Messages } from './en.ts';

export const de: Messages = {
  'invitation.subject': '{inviter} hat dich zu einer Liste in Daybook eingeladen',
  'invitation.someone': 'Jemand',
  'invitation.lead': '{inviter} hat dich {role} zur Liste {list} in Daybook eingeladen.',
  'invitation.quotedList': '„{list}“',
  'invitation.asEditor': 'als Bearbeiter',
  'invitation.asViewer': 'als Betrachter',
  'invitation.asRole': 'als {role}',
  'invitation.openLine': 'Einladung öffnen: {link}',
  'invitation.openButton': 'Einladung öffnen',
  'invitation.until':
    'Melde dich dort an oder erstelle ein Konto, dann kannst du die Einladung annehmen oder ablehnen. Der Link gilt bis zum {date}.',
  'invitation.ignore': 'Wenn du keine Einladung erwartet hast, kannst du diese E-Mail einfach ignorieren.',
  'invitation.stopLine': 'Keine Einladungen mehr an mich senden: {link}',
  'invitation.stopButton': 'Keine Einladungen mehr an mich senden',

  'auth.actionLine': '{action}: {link}',
  'auth.signup.subject': 'Bestätige deine E-Mail-Adresse für Daybook',
  'auth.signup.lead':
    'Jemand (hoffentlich du) hat mit dieser E-Mail-Adresse ein Daybook-Konto erstellt. Bestätige sie, damit die Synchronisierung starten kann:',
  'auth.signup.action': 'E-Mail-Adresse bestätigen',
  'auth.signup.after': 'Der Link gilt eine Stunde lang und nur einmal. Wenn du kein Konto erstellt hast, kannst du diese E-Mail ignorieren.',
  'auth.recovery.subject': 'Setze dein Daybook-Passwort zurück',
  'auth.recovery.lead': 'Jemand (hoffentlich du) möchte das Passwort des Daybook-Kontos mit dieser E-Mail-Adresse zurücksetzen.',
  'auth.recovery.action': 'Passwort zurücksetzen',
  'auth.recovery.after':
    'Der Link gilt eine Stunde lang und nur einmal. Wenn du das nicht warst, kannst du diese E-Mail ignorieren: Dein Passwort bleibt unverändert.',
  'auth.emailChange.subject': 'Bestätige deine neue E-Mail-Adresse für Daybook',
  'auth.emailChange.lead':
    'Jemand (hoffentlich du) möchte ein Daybook-Konto auf diese E-Mail-Adresse umstellen. Bestätige sie, damit die Änderung wirksam wird:',
  'auth.emailChange.action': 'Neue E-Mail-Adresse bestätigen',
  'auth.emailChange.after':
    'Der Link gilt eine Stunde lang und nur einmal. Wenn du das nicht warst, kannst du diese E-Mail ignorieren: Es ändert sich nichts.',
  'auth.emailChanged.subject': 'Deine E-Mail-Adresse bei Daybook wird geändert',
  'auth.emailChanged.lead':
    'Jemand, der in deinem Daybook-Konto angemeldet ist, möchte die E-Mail-Adresse des Kontos in {newEmail} ändern. Die Änderung gilt, sobald die neue Adresse bestätigt ist.',
  'auth.emailChanged.anotherAddress': 'eine andere Adresse',
  'auth.emailChanged.after':
    'Wenn du das nicht warst, melde dich an und ändere dein Passwort. Stelle danach unter Einstellungen → Konto die alte E-Mail-Adresse wieder ein.',

  'reminder.today': 'Heute',
  'reminder.tomorrow': 'Morgen',
  'reminder.yesterday': 'Gestern',
  'reminder.dayAtTime': '{day} um {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': 'Erledigen',
  'reminder.snooze': 'In 10 Minuten erinnern',
  'reminders.title': '{count, plural, one {# Erinnerung} other {# Erinnerungen}}: {titles}',
  'reminders.separator': ', ',
  'reminders.more': '{count, plural, other {und # weitere}}',

  'notify.assigned': '{actor} hat dir {task} zugewiesen',
  'notify.taskChanged': '{actor} hat {task} geändert',
  'notify.taskCompleted': '{actor} hat {task} erledigt',
  'notify.comment': '{actor} hat {task} kommentiert',
  'notify.mention': '{actor} hat dich in {task} erwähnt',
  'notify.invited': '{actor} hat dich zu {list} eingeladen',
  'notify.joined': '{actor} ist {list} beigetreten',
  'notify.aTask': 'eine Aufgabe',
  'notify.aList': 'eine Liste',
  'notify.someone': 'Jemand',
  'notify.andMore': '{text} und {count, plural, other {# weitere}}',
};
