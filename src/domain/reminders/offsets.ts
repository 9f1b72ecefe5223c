// The reminder times a person picks from (SPEC §11.4), in the dialog's order, with their words
// (in the language of the moment they are read).
import { REMINDER_OFFSETS, type ReminderOffset } from '../model';
import { t } from '../messages';

const LABELS = {
  0: 'domain.offsetAtDue',
  5: 'domain.offset5',
  15: 'domain.offset15',
  30: 'domain.offset30',
  60: 'domain.offset60',
  1440: 'domain.offset1440',
} as const satisfies Record<ReminderOffset, Parameters<typeof t>[0]>;

export const REMINDER_OPTIONS: readonly { readonly value: ReminderOffset; readonly label: string }[] = REMINDER_OFFSETS.map((value) => ({
  value,
  get label() {
    return reminderLabel(value);
  },
}));

export function reminderLabel(offset: ReminderOffset): string {
  return t(LABELS[offset]);
}

export function isReminderOffset(value: unknown): value is ReminderOffset {
  return (REMINDER_OFFSETS as readonly unknown[]).includes(value);
}
