// The server's words in French (vous, as the app speaks): see ./en.ts. A no-break space (\u00a0)
// stands before the colons and inside the guillemets, as French typesetting has it.
import type { Messages } from './en.ts';

export const fr: Messages = {
  'invitation.subject': '{inviter} vous invite à rejoindre une liste sur Daybook',
  'invitation.someone': 'Quelqu’un',
  'invitation.lead': '{inviter} vous invite à rejoindre la liste {list} sur Daybook {role}.',
  'invitation.quotedList': '«\u00a0{list}\u00a0»',
  'invitation.asEditor': 'en tant qu’éditeur',
  'invitation.asViewer': 'en tant que lecteur',
  'invitation.asRole': 'en tant que {role}',
  'invitation.openLine': 'Ouvrir l’invitation\u00a0: {link}',
  'invitation.openButton': 'Ouvrir l’invitation',
  'invitation.until':
    'Connectez-vous ou créez un compte depuis ce lien, puis acceptez ou refusez l’invitation. Le lien est valable jusqu’au {date}.',
  'invitation.ignore': 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce message.',
  'invitation.stopLine': 'Ne plus m’envoyer d’invitations\u00a0: {link}',
  'invitation.stopButton': 'Ne plus m’envoyer d’invitations',

  'auth.actionLine': '{action}\u00a0: {link}',
  'auth.signup.subject': 'Confirmez votre adresse e-mail pour Daybook',
  'auth.signup.lead':
    'Quelqu’un (vous, nous l’espérons) a créé un compte Daybook avec cette adresse e-mail. Confirmez-la pour lancer la synchronisation\u00a0:',
  'auth.signup.action': 'Confirmer mon adresse e-mail',
  'auth.signup.after': 'Le lien est valable une heure, une seule fois. Si vous n’avez pas créé de compte, vous pouvez ignorer ce message.',
  'auth.recovery.subject': 'Réinitialisez votre mot de passe Daybook',
  'auth.recovery.lead':
    'Quelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe du compte Daybook associé à cette adresse e-mail.',
  'auth.recovery.action': 'Réinitialiser le mot de passe',
  'auth.recovery.after':
    'Le lien est valable une heure, une seule fois. Si vous n’avez rien demandé, vous pouvez ignorer ce message\u00a0: votre mot de passe reste inchangé.',
  'auth.emailChange.subject': 'Confirmez votre nouvelle adresse e-mail pour Daybook',
  'auth.emailChange.lead':
    'Quelqu’un (vous, nous l’espérons) a demandé à associer un compte Daybook à cette adresse e-mail. Confirmez-la pour effectuer le changement\u00a0:',
  'auth.emailChange.action': 'Confirmer ma nouvelle adresse',
  'auth.emailChange.after':
    'Le lien est valable une heure, une seule fois. Si vous n’avez rien demandé, vous pouvez ignorer ce message\u00a0: rien ne change.',
  'auth.emailChanged.subject': 'L’adresse e-mail de votre compte Daybook va changer',
  'auth.emailChanged.lead':
    'Une personne connectée à votre compte Daybook a demandé à remplacer l’adresse e-mail du compte par {newEmail}. Le changement prendra effet dès que la nouvelle adresse sera confirmée.',
  'auth.emailChanged.anotherAddress': 'une autre adresse',
  'auth.emailChanged.after':
    'Si ce n’était pas vous, connectez-vous et changez votre mot de passe, puis remettez l’ancienne adresse dans Réglages → Compte.',

  'reminder.today': 'Aujourd’hui',
  'reminder.tomorrow': 'Demain',
  'reminder.yesterday': 'Hier',
  'reminder.dayAtTime': '{day} à {time}',
  'reminder.body': '{when} · {list}',
  'reminder.complete': 'Terminer',
  'reminder.snooze': 'Rappeler dans 10 minutes',
  'reminders.title': '{count, plural, one {# rappel} other {# rappels}}\u00a0: {titles}',
  'reminders.separator': ', ',
  'reminders.more': '{count, plural, one {et # autre} other {et # autres}}',

  'notify.assigned': '{actor} vous a attribué {task}',
  'notify.taskChanged': '{actor} a modifié {task}',
  'notify.taskCompleted': '{actor} a terminé {task}',
  'notify.comment': '{actor} a commenté {task}',
  'notify.mention': '{actor} vous a mentionné dans {task}',
  'notify.invited': '{actor} vous invite à rejoindre {list}',
  'notify.joined': '{actor} a rejoint {list}',
  'notify.aTask': 'une tâche',
  'notify.aList': 'une liste',
  'notify.someone': 'Quelqu’un',
  'notify.andMore': '{text} et {count, plural, one {# autre} other {# autres}}',
};
