// The server's words in Spanish (tú, as the app speaks): see ./en.ts.
import type { Messages } from './en.ts';

export const es: Messages = {
  'invitation.subject': '{inviter} te ha invitado a una lista en Daybook',
  'invitation.someone': 'Alguien',
  'invitation.lead': '{inviter} te ha invitado a la lista {list} en Daybook {role}.',
  'invitation.quotedList': '«{list}»',
  'invitation.asEditor': 'como editor',
  'invitation.asViewer': 'como lector',
  'invitation.asRole': 'como {role}',
  'invitation.openLine': 'Abrir la invitación: {link}',
  'invitation.openButton': 'Abrir la invitación',
  'invitation.until': 'Inicia sesión o crea una cuenta allí y después acepta o rechaza la invitación. El enlace funciona hasta el {date}.',
  'invitation.ignore': 'Si no esperabas esta invitación, puedes ignorar este correo.',
  'invitation.stopLine': 'No quiero recibir invitaciones: {link}',
  'invitation.stopButton': 'No quiero recibir invitaciones',

  'auth.actionLine': '{action}: {link}',
  'auth.signup.subject': 'Confirma tu correo para Daybook',
  'auth.signup.lead':
    'Alguien (esperamos que tú) ha creado una cuenta de Daybook con esta dirección de correo. Confírmala para empezar a sincronizar:',
  'auth.signup.action': 'Confirmar tu correo',
  'auth.signup.after': 'El enlace funciona durante una hora y una sola vez. Si no has creado ninguna cuenta, puedes ignorar este correo.',
  'auth.recovery.subject': 'Restablece tu contraseña de Daybook',
  'auth.recovery.lead': 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de la cuenta de Daybook con esta dirección de correo.',
  'auth.recovery.action': 'Restablecer la contraseña',
  'auth.recovery.after':
    'El enlace funciona durante una hora y una sola vez. Si no lo has pedido, puedes ignorar este correo: tu contraseña seguirá siendo la misma.',
  'auth.emailChange.subject': 'Confirma tu nuevo correo para Daybook',
  'auth.emailChange.lead':
    'Alguien (esperamos que tú) ha pedido cambiar una cuenta de Daybook a esta dirección de correo. Confírmala para hacer el cambio:',
  'auth.emailChange.action': 'Confirmar tu nuevo correo',
  'auth.emailChange.after': 'El enlace funciona durante una hora y una sola vez. Si no lo has pedido, puedes ignorar este correo: no cambiará nada.',
  'auth.emailChanged.subject': 'Se está cambiando tu correo de Daybook',
  'auth.emailChanged.lead':
    'Alguien con la sesión iniciada en tu cuenta de Daybook ha pedido cambiar la dirección de correo de la cuenta a {newEmail}. El cambio se hará cuando se confirme la nueva dirección.',
  'auth.emailChanged.anotherAddress': 'otra dirección',
  'auth.emailChanged.after':
    'Si no has sido tú, inicia sesión y cambia tu contraseña; después, vuelve a poner tu correo en Ajustes → Cuenta.',

  'reminder.today': 'Hoy',
  'reminder.tomorrow': 'Mañana',
  'reminder.yesterday': 'Ayer',
  'reminder.dayAtTime': '{day} a las {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': 'Completar',
  'reminder.snooze': 'Posponer 10 minutos',
  'reminders.title': '{count, plural, one {# recordatorio} other {# recordatorios}}: {titles}',
  'reminders.separator': ', ',
  'reminders.more': '{count, plural, other {y # más}}',

  'notify.assigned': '{actor} te ha asignado {task}',
  'notify.taskChanged': '{actor} ha cambiado {task}',
  'notify.taskCompleted': '{actor} ha completado {task}',
  'notify.comment': '{actor} ha comentado en {task}',
  'notify.mention': '{actor} te ha mencionado en {task}',
  'notify.invited': '{actor} te ha invitado a {list}',
  'notify.joined': '{actor} se ha unido a {list}',
  'notify.aTask': 'una tarea',
  'notify.aList': 'una lista',
  'notify.someone': 'Alguien',
  'notify.andMore': '{text} y {count, plural, other {# más}}',
};
