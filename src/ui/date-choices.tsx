// The date picker with its shortcuts (SPEC §18 "Dates"): "Today", "Tomorrow", "Next week", "Next
// weekend" (each showing the day it means) and "No date", above the month. Used wherever a due
// date is chosen: the task dialog, the deadline, the bar that changes many tasks.
import { dateShortcuts } from '@/domain/date-shortcuts';
import { DatePicker, type DatePickerProps } from './date-picker';
import './date-picker.css';
import { dayLabel } from '@/lib/dates';
import { t } from './messages';

const SHORTCUT_KEYS = { Today: 'ui.today', Tomorrow: 'ui.tomorrow', 'Next week': 'ui.nextWeek', 'Next weekend': 'ui.nextWeekend', 'No date': 'ui.noDate' } as const;

export interface DateChoicesProps extends Pick<DatePickerProps, 'value' | 'onSelect' | 'autoFocus'> {
  today: string;
  /** Words for "No date" where it means something else ("Clear deadline"); false hides it. */
  noDate?: string | false;
  /** The week's first day, 0 = Monday (quick add's numbering). */
  weekStart?: number;
}

export function DateChoices({ value, onSelect, autoFocus, today, noDate, weekStart = 0 }: DateChoicesProps) {
  const shortcuts = dateShortcuts(today, weekStart);
  return (
    <>
      <div className="picker-shortcuts">
        {shortcuts.map(({ name, value: day }) =>
          day === null ? (
            noDate !== false && (
              <button key={name} type="button" className="btn btn-sm btn-ghost" onClick={() => onSelect(null)}>
                {noDate ?? t('ui.noDate')}
              </button>
            )
          ) : (
            <button key={name} type="button" className="btn btn-sm" aria-pressed={value === day} onClick={() => onSelect(day)}>
              {t(SHORTCUT_KEYS[name])}
              {(name === 'Next week' || name === 'Next weekend') && (
                <span className="shortcut-hint" aria-hidden="true">
                  {' '}
                  {dayLabel(day, today)}
                </span>
              )}
            </button>
          ),
        )}
      </div>
      <DatePicker value={value} onSelect={onSelect} autoFocus={autoFocus} weekStartsOn={((weekStart + 1) % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6} />
    </>
  );
}
