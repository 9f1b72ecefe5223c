// The server's words in Brazilian Portuguese (você, as the app speaks): see ./en.ts.
import type { Messages } from './en.ts';

export const ptBR: Messages = {
  'invitation.subject': '{inviter} convidou você para uma lista no Daybook',
  'invitation.someone': 'Alguém',
  'invitation.lead': '{inviter} convidou você para a lista {list} no Daybook {role}.',
  'invitation.quotedList': '“{list}”',
  'invitation.asEditor': 'como editor',
  'invitation.asViewer': 'como leitor',
  'invitation.asRole': 'como {role}',
  'invitation.openLine': 'Abrir o convite: {link}',
  'invitation.openButton': 'Abrir o convite',
  'invitation.until': 'Entre ou crie uma conta por lá e depois aceite ou recuse o convite. O link vale até {date}.',
  'invitation.ignore': 'Se você não esperava este convite, pode ignorar este e-mail.',
  'invitation.stopLine': 'Não quero receber convites: {link}',
  'invitation.stopButton': 'Não quero receber convites',

  'auth.actionLine': '{action}: {link}',
  'auth.signup.subject': 'Confirme seu e-mail no Daybook',
  'auth.signup.lead':
    'Alguém (esperamos que você) criou uma conta no Daybook com este endereço de e-mail. Confirme-o para começar a sincronizar:',
  'auth.signup.action': 'Confirmar e-mail',
  'auth.signup.after': 'O link funciona por uma hora, uma única vez. Se você não criou uma conta, pode ignorar este e-mail.',
  'auth.recovery.subject': 'Redefina sua senha do Daybook',
  'auth.recovery.lead': 'Alguém (esperamos que você) pediu para redefinir a senha da conta do Daybook com este endereço de e-mail.',
  'auth.recovery.action': 'Redefinir senha',
  'auth.recovery.after':
    'O link funciona por uma hora, uma única vez. Se você não pediu isso, pode ignorar este e-mail: sua senha continua a mesma.',
  'auth.emailChange.subject': 'Confirme seu novo e-mail no Daybook',
  'auth.emailChange.lead':
    'Alguém (esperamos que você) pediu para mudar uma conta do Daybook para este endereço de e-mail. Confirme-o para concluir a mudança:',
  'auth.emailChange.action': 'Confirmar novo e-mail',
  'auth.emailChange.after': 'O link funciona por uma hora, uma única vez. Se você não pediu isso, pode ignorar este e-mail: nada muda.',
  'auth.emailChanged.subject': 'O e-mail da sua conta do Daybook está sendo alterado',
  'auth.emailChanged.lead':
    'Alguém conectado à sua conta do Daybook pediu para mudar o e-mail da conta para {newEmail}. A mudança acontece assim que o novo endereço for confirmado.',
  'auth.emailChanged.anotherAddress': 'outro endereço',
  'auth.emailChanged.after':
    'Se não foi você, entre na conta e troque sua senha; depois, volte ao e-mail anterior em Configurações → Conta.',

  'reminder.today': 'Hoje',
  'reminder.tomorrow': 'Amanhã',
  'reminder.yesterday': 'Ontem',
  'reminder.dayAtTime': '{day} às {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': 'Concluir',
  'reminder.snooze': 'Adiar 10 minutos',
  'reminders.title': '{count, plural, one {# lembrete} other {# lembretes}}: {titles}',
  'reminders.separator': ', ',
  'reminders.more': '{count, plural, other {e mais #}}',

  'notify.assigned': '{actor} atribuiu {task} a você',
  'notify.taskChanged': '{actor} alterou {task}',
  'notify.taskCompleted': '{actor} concluiu {task}',
  'notify.comment': '{actor} comentou em {task}',
  'notify.mention': '{actor} mencionou você em {task}',
  'notify.invited': '{actor} convidou você para {list}',
  'notify.joined': '{actor} entrou em {list}',
  'notify.aTask': 'uma tarefa',
  'notify.aList': 'uma lista',
  'notify.someone': 'Alguém',
  'notify.andMore': '{text} e mais {count, plural, other {#}}',
};
