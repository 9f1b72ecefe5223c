// The reminder times a person picks from (SPEC §11.4), in the dialog's order, with their words.
import { REMINDER_OFFSETS, type ReminderOffset } from '../model';

const LABELS: Record<ReminderOffset, string> = {
  0: 'At the due time',
  5: '5 minutes before',
  15: '15 minutes before',
  30: '30 minutes before',
  60: '1 hour before',
  1440: '1 day before',
};

export const REMINDER_OPTIONS: readonly { value: ReminderOffset; label: string }[] = REMINDER_OFFSETS.map((value) => ({ value, label: LABELS[value] }));

export function reminderLabel(offset: ReminderOffset): string {
  return LABELS[offset];
}

export function isReminderOffset(value: unknown): value is ReminderOffset {
  return (REMINDER_OFFSETS as readonly unknown[]).includes(value);
}
