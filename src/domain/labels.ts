// SPEC §14.1 labels, pure: the name rule (the rule of every name: trimmed, one line, counted in
// code points) and the limits, shared by the writes, the pure applies and import.
import { ValidationError } from '@/lib/errors';
import { codePoints, hasForbiddenCharacter, trimText } from '@/lib/text';

export const LABEL_LIMITS = { name: 60, perPerson: 500, perTask: 20 } as const;

export const LABEL_MESSAGES = {
  nameRequired: 'Label name is required',
  nameTooLong: 'Label name must be at most 60 characters',
  nameCharacter: 'Label name contains a character that can’t be saved',
  tooMany: 'You can have at most 500 labels',
  tooManyOnTask: 'A task holds at most 20 labels',
  missing: 'That label no longer exists',
  deleted: 'That label was deleted on another device',
  idTaken: 'That label id is already in use',
} as const;

export function normalizeLabelName(raw: unknown): string {
  const name = typeof raw === 'string' ? trimText(raw) : '';
  if (!name) throw new ValidationError('name', LABEL_MESSAGES.nameRequired);
  if (hasForbiddenCharacter(name, false)) throw new ValidationError('name', LABEL_MESSAGES.nameCharacter);
  if (codePoints(name) > LABEL_LIMITS.name) throw new ValidationError('name', LABEL_MESSAGES.nameTooLong);
  return name;
}
