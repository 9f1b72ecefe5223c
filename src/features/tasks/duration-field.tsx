// A timed task's "Duration" (SPEC §18): none, or 15 minutes to 8 hours in 15-minute steps (a
// length set elsewhere in other whole minutes is offered as it is). Only a task with a time has
// one, so the field shows only then; clearing the time clears it (src/domain/validation.ts).
import type { Task } from '@/domain/model';
import { SelectField } from './select-field';
import { t } from './messages';

const STEPS = Array.from({ length: 32 }, (_, i) => (i + 1) * 15);

/** 45 → "45 minutes", 60 → "1 hour", 90 → "1 hour 30 minutes". */
export function durationName(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hours = t('tasks.hours', { count: h });
  const mins = t('tasks.minutes', { count: m });
  if (h > 0 && m > 0) return t('tasks.hoursMinutes', { hours, minutes: mins });
  return h > 0 ? hours : mins;
}

interface DurationFieldProps {
  task: Task;
  disabled: boolean;
  error: string | undefined;
  onChange: (minutes: number | null) => void;
}

export function DurationField({ task, disabled, error, onChange }: DurationFieldProps) {
  if (!task.due_time) return null;
  const value = task.duration_min ?? null;
  const choices = value !== null && !STEPS.includes(value) ? [...STEPS, value].sort((a, b) => a - b) : STEPS;
  return (
    <SelectField label={t('tasks.duration')} value={value ?? ''} disabled={disabled} error={error} onChange={(v) => onChange(v === '' ? null : Number(v))}>
      <option value="">{t('tasks.durationNone')}</option>
      {choices.map((m) => (
        <option key={m} value={m}>
          {durationName(m)}
        </option>
      ))}
    </SelectField>
  );
}
