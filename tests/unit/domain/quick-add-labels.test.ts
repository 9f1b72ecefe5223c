// Quick add's "@label" (SPEC §14.1): an existing label, case-insensitive and the longest name that
// fits; an unknown word is a new label, shown as "New label <name>"; any number of labels; an '@'
// inside a word (an e-mail) is text.
import { describe, expect, it } from 'vitest';
import { parseQuickAdd, partLabel } from '@/domain/quick-add';

const TODAY = '2026-11-25';
const LABELS = [
  { id: 'b-errands', name: 'Errands' },
  { id: 'b-deep', name: 'Deep work' },
  { id: 'b-deeper', name: 'Deep' },
];

const read = (text: string) => {
  const r = parseQuickAdd(text, { today: TODAY, labels: LABELS });
  return { title: r.title, labels: r.fields.labels, chips: r.parts.map((p) => partLabel(p, r, { today: TODAY })) };
};

describe('quick add @label', () => {
  it.each([
    ['Buy milk @errands', { title: 'Buy milk', labels: ['Errands'], chips: ['Label: Errands'] }],
    ['@ERRANDS buy milk', { title: 'buy milk', labels: ['Errands'], chips: ['Label: Errands'] }],
    ['Write @deep work plan', { title: 'Write plan', labels: ['Deep work'], chips: ['Label: Deep work'] }],
    ['Write @deep plan', { title: 'Write plan', labels: ['Deep'], chips: ['Label: Deep'] }],
    ['Call mum @phone', { title: 'Call mum', labels: ['phone'], chips: ['New label phone'] }],
    ['Call mum @phone @errands', { title: 'Call mum', labels: ['phone', 'Errands'], chips: ['New label phone', 'Label: Errands'] }],
    ['Twice @errands @Errands', { title: 'Twice', labels: ['Errands'], chips: ['Label: Errands', 'Label: Errands'] }],
    // one new label made, however often it is named: the second names the first's
    ['Call @phone @Phone', { title: 'Call', labels: ['phone'], chips: ['New label phone', 'Label: phone'] }],
    ['Mail ann@example.com', { title: 'Mail ann@example.com', labels: undefined, chips: [] }],
    ['Just an @ sign', { title: 'Just an @ sign', labels: undefined, chips: [] }],
    ['Call @7pm', { title: 'Call', labels: undefined, chips: ['19:00 today'] }],
  ])('%s', (text, want) => {
    expect(read(text)).toEqual(want);
  });

  it('reads labels beside the other parts', () => {
    const r = parseQuickAdd('Pay rent tomorrow @errands !high', { today: TODAY, labels: LABELS });
    expect(r.title).toBe('Pay rent');
    expect(r.fields).toEqual({ due_date: '2026-11-26', priority: 3, labels: ['Errands'] });
  });
});
