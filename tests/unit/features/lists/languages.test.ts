// The lists, sharing and layout features' words in other languages: counts follow each
// language's plural rules, roles are chosen whole (not lower-cased from a name), and English
// stays word for word what the SPEC and the e2e tests name.
import { afterAll, describe, expect, it } from 'vitest';
import { invitationCountText } from '@/features/layout/invitation-count';
import { deleteConsequence } from '@/features/lists/delete-list-dialog';
import { colorName } from '@/features/lists/colors';
import { movedAnnouncement } from '@/features/lists/reorder';
import { inviteProblem } from '@/features/sharing/invite-check';
import { roleName } from '@/features/sharing/member-views';
import { switchLanguage } from '@/lib/i18n';

const context = { myEmail: 'me@example.com', memberEmails: ['ann@example.com'], pendingEmails: [] };

afterAll(() => switchLanguage('en'));

describe('in English', () => {
  it('says what it said before the catalogues', async () => {
    await switchLanguage('en');
    expect(deleteConsequence(0)).toBe('It has no tasks.');
    expect(deleteConsequence(1)).toBe('Its 1 task will be deleted with it.');
    expect(deleteConsequence(3)).toBe('Its 3 tasks will be deleted with it.');
    expect(invitationCountText(1)).toBe('1 invitation');
    expect(invitationCountText(2)).toBe('2 invitations');
    expect(roleName('owner')).toBe('Owner');
    expect(roleName('viewer')).toBe('Viewer');
    expect(colorName('teal')).toBe('Teal');
    expect(inviteProblem('me@example.com', context)).toBe("That's your own address — invite someone else");
  });
});

describe('in other languages', () => {
  it('German: singular and plural, and roles as German nouns', async () => {
    await switchLanguage('de');
    expect(deleteConsequence(1)).toBe('Die eine Aufgabe darin wird mitgelöscht.');
    expect(deleteConsequence(4)).toBe('Die 4 Aufgaben darin werden mitgelöscht.');
    expect(invitationCountText(2)).toBe('2 Einladungen');
    expect(roleName('editor')).toBe('Bearbeiter');
    expect(colorName('purple')).toBe('Lila');
    expect(movedAnnouncement('Arbeit', 1, 4)).toBe('Arbeit ist jetzt an Position 2 von 4');
  });

  it('French: 0 and 1 are singular', async () => {
    await switchLanguage('fr');
    expect(invitationCountText(0)).toBe('0 invitation');
    expect(invitationCountText(1)).toBe('1 invitation');
    expect(invitationCountText(5)).toBe('5 invitations');
    expect(inviteProblem('ann@example.com', context)).toBe('ann@example.com est déjà sur cette liste — modifiez son rôle ci-dessous');
  });

  it('Japanese: one form for every count', async () => {
    await switchLanguage('ja');
    expect(invitationCountText(1)).toBe('1件の招待');
    expect(invitationCountText(3)).toBe('3件の招待');
    expect(deleteConsequence(1)).toBe('このリストの1件のタスクも削除');
    expect(roleName('viewer')).toBe('閲覧者');
  });

  it('Spanish and Brazilian Portuguese', async () => {
    await switchLanguage('es');
    expect(deleteConsequence(1)).toBe('Su única tarea se eliminará con ella.');
    expect(inviteProblem('', context)).toBe('Escribe el correo de la persona a la que quieres invitar');
    await switchLanguage('pt-BR');
    expect(deleteConsequence(2)).toBe('As 2 tarefas dela também serão excluídas.');
    expect(roleName('owner')).toBe('Dono');
  });
});
