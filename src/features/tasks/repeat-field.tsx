// The task's repeat as a combo box "Repeat" (SPEC §11.1): Never, Daily, Weekdays, Weekly,
// Monthly, Yearly, Custom…. A preset is made from the due date, which anchors the series anew.
// A rule no preset stands for (another interval, an end, other days) shows as "Custom…" with the
// rule in words under the box and the custom form (custom-repeat.tsx) to change it.
import { useId, useState } from 'react';
import type { Task, TaskPatch } from '@/domain/model';
import { describeRule, formatRule, type Preset, PRESETS, parseRule, presetOf, presetRule } from '@/domain/recurrence';
import { currentLanguage } from '@/lib/i18n';
import { CustomRepeat } from './custom-repeat';
import { t } from './messages';
import { SelectField } from './select-field';

/** The presets' names in the current language (the domain keeps their order). */
function presetName(preset: Preset): string {
  const names: Record<Preset, string> = {
    never: t('tasks.repeatNever'),
    daily: t('tasks.repeatDaily'),
    weekdays: t('tasks.repeatWeekdays'),
    weekly: t('tasks.repeatWeekly'),
    monthly: t('tasks.repeatMonthly'),
    yearly: t('tasks.repeatYearly'),
    custom: t('tasks.repeatCustom'),
  };
  return names[preset];
}

interface RepeatFieldProps {
  task: Task;
  disabled: boolean;
  error: string | undefined;
  onChange: (patch: TaskPatch) => void;
}

export function RepeatField({ task, disabled, error, onChange }: RepeatFieldProps) {
  const hintId = useId();
  const anchor = task.repeat_anchor ?? task.due_date;
  const parsed = task.repeat ? parseRule(task.repeat) : null;
  const rule = parsed?.ok ? parsed.rule : null;
  const value: Preset = !task.repeat ? 'never' : rule && anchor ? presetOf(rule, anchor) : 'custom';
  const words = rule && anchor && value === 'custom' ? describeRule(rule, anchor, currentLanguage()) : parsed && !parsed.ok ? parsed.message : null;
  const [editing, setEditing] = useState(false);
  const showCustom = !disabled && (editing || value === 'custom');

  function pick(preset: Preset) {
    setEditing(preset === 'custom');
    if (preset === 'never') return onChange({ repeat: null });
    if (preset === 'custom') return; // the form below saves it
    // without a date the save is refused with "Set a date before repeating", shown at the field
    const due = task.due_date ?? '2000-01-03';
    onChange({ repeat: formatRule(presetRule(preset, due)), repeat_anchor: task.due_date });
  }

  return (
    <div className="repeat-field">
      <SelectField label={t('tasks.repeat')} value={editing ? 'custom' : value} disabled={disabled} error={error} onChange={(v) => pick(v as Preset)}>
        {PRESETS.map((p) => (
          <option key={p.value} value={p.value}>
            {presetName(p.value)}
          </option>
        ))}
      </SelectField>
      {words && (
        <p className="field-hint" id={hintId}>
          {words}
        </p>
      )}
      {showCustom && (
        <CustomRepeat
          key={task.repeat ?? 'none'}
          start={rule ?? presetRule('custom', task.due_date ?? '2000-01-03')}
          disabled={disabled}
          onSave={(text) => {
            setEditing(false);
            onChange({ repeat: text, repeat_anchor: task.due_date });
          }}
        />
      )}
    </div>
  );
}
