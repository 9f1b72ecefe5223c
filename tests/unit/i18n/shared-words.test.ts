// The shared pieces' words in another language and back: plurals by the language's rules, the
// select-driven sentences (bulk toasts, history, change descriptions), names read when shown
// (priority and colour names made at module load), and English unchanged after a switch.
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { bulkDoneMessage, skippedMessage } from '@/connected/bulk-messages';
import { describeChange } from '@/sync-status/change-text';
import { statusLabel, toastFor } from '@/sync-status/sync-messages';
import { COLOR_CHOICES, COLOR_NAMES } from '@/ui/color-names';
import { PRIORITY_NAMES } from '@/ui/format';
import { sharedLabel } from '@/ui/shared-marker';
import type { Mutation } from '@/domain/model';

const rename = { name: 'task.update', args: { id: 't1', patch: { title: 'Neu' } } } as unknown as Mutation;
const priority = { name: 'task.update', args: { id: 't1', patch: { priority: 3 } } } as unknown as Mutation;

describe('shared words in six languages', () => {
  afterAll(() => switchLanguage('en'));

  it('English, as before', async () => {
    await switchLanguage('en');
    expect(bulkDoneMessage({ kind: 'priority', priority: 2 }, 3)).toBe('Set 3 tasks to medium priority');
    expect(bulkDoneMessage({ kind: 'priority', priority: 0 }, 1)).toBe('Removed the priority from 1 task');
    expect(skippedMessage({ skipped: [{ message: 'You can only view this list' }, { message: 'Other' }] } as never)).toBe(
      '2 skipped: You can only view this list (and other reasons)',
    );
    expect(statusLabel({ status: 'waiting', pending: 1 })).toBe('1 change waiting');
    expect(describeChange(rename, { t1: 'Alt' })).toBe('Rename task “Alt” to “Neu”');
    expect(describeChange(priority, {})).toBe('Set the priority of a task to high');
    expect(sharedLabel(3)).toBe('Shared, 3 members');
    expect(PRIORITY_NAMES[3]).toBe('High');
    expect(Object.values(PRIORITY_NAMES)).toEqual(['None', 'Low', 'Medium', 'High']);
    expect(COLOR_NAMES.teal).toBe('Teal');
  });

  it('German: plurals, word order and quotation marks of its own; names read when shown', async () => {
    await switchLanguage('de');
    expect(bulkDoneMessage({ kind: 'priority', priority: 2 }, 3)).toBe('Priorität von 3 Aufgaben auf mittel gesetzt');
    expect(bulkDoneMessage({ kind: 'complete' }, 1)).toBe('1 Aufgabe erledigt');
    expect(statusLabel({ status: 'waiting', pending: 2 })).toBe('2 Änderungen ausstehend');
    expect(describeChange(rename, { t1: 'Alt' })).toBe('Aufgabe „Alt“ in „Neu“ umbenennen');
    expect(toastFor({ type: 'lists-removed', listIds: ['a'], lists: [{ id: 'a', name: 'Einkauf' }] } as never)?.message).toBe(
      '„Einkauf“ wurde aus deinen Listen entfernt – sie wurde gelöscht oder nicht mehr geteilt',
    );
    expect(PRIORITY_NAMES[3]).toBe('Hoch');
    expect(COLOR_CHOICES.find((c) => c.color === 'purple')?.name).toBe('Lila');
  });

  it('Japanese has one plural form; French agrees with the count', async () => {
    await switchLanguage('ja');
    expect(sharedLabel(2)).toBe('共有中、メンバー2人');
    expect(describeChange(priority, {})).toBe('タスクの優先度を高に設定');
    await switchLanguage('fr');
    expect(bulkDoneMessage({ kind: 'delete' }, 1)).toBe('Vous avez supprimé 1 tâche');
    expect(skippedMessage({ skipped: [{ message: 'refusée' }] } as never)).toBe('1 ignorée : refusée');
    expect(skippedMessage({ skipped: [{ message: 'refusée' }, { message: 'refusée' }] } as never)).toBe('2 ignorées : refusée');
  });
});
