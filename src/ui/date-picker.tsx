// The one calendar of the app (react-day-picker), keyboard operable (arrows, PageUp/Down,
// Home/End, Enter). Works in ISO dates; optional per-day counts show as a small number.
// Only the month's own days are drawn: a neighbouring month's "27" beside this month's days was
// taken for this month's and picked the wrong month. The arrows still walk across months.
import { createContext, useContext, useEffect, useRef } from 'react';
import { DayPicker, type DayButtonProps, type DayPickerProps } from 'react-day-picker';
import { currentLanguage, intlLocale } from '@/lib/i18n';
import 'react-day-picker/style.css';
import { dateFromIso, isoFromDate } from './format';
import { t } from './messages';
import './date-picker.css';
import { getWeekStart } from '@/domain/week-start';

const CountsContext = createContext<Record<string, number> | undefined>(undefined);

// Made when a calendar is first drawn, not when its module loads (the first formatter starts ICU),
// and again when the language changes.
const formats = new Map<string, Intl.DateTimeFormat>();
function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${intlLocale()} ${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(), options);
    formats.set(key, f);
  }
  return f;
}

/**
 * "Today, Monday 23 November 2026, 3 tasks, selected" (in the user's locale). The day number
 * stands as its own word, so the name contains the number shown on the button.
 */
function dayButtonLabel(date: Date, modifiers: Record<string, boolean>, counts?: Record<string, number>) {
  let label = format({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  if (modifiers.today) label = t('ui.dayToday', { date: label });
  const n = counts?.[isoFromDate(date)] ?? 0;
  if (n > 0) label = t('ui.dayTasks', { date: label, count: n });
  if (modifiers.selected) label = t('ui.daySelected', { date: label });
  return label;
}

function CountedDayButton({ day, modifiers, children, ...props }: DayButtonProps) {
  const counts = useContext(CountsContext);
  const ref = useRef<HTMLButtonElement>(null);
  // Same as the library's own DayButton: move DOM focus with the keyboard focus.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const count = counts?.[day.isoDate] ?? 0;
  return (
    <button ref={ref} {...props}>
      <span className="dp-day-number">{children}</span>
      {/* Drawn by CSS from the attribute, so the button's text stays the day number its name starts with. */}
      {count > 0 && !day.outside && <span className="dp-count" data-count={count} aria-hidden="true" />}
    </button>
  );
}

export interface DatePickerProps {
  value: string | null;
  onSelect: (iso: string | null) => void;
  /** First day of the month shown; controlled when given with onMonthChange. */
  month?: string;
  onMonthChange?: (firstOfMonth: string) => void;
  /** Open tasks per ISO date, shown on each day and read out with it. */
  counts?: Record<string, number>;
  autoFocus?: boolean;
  /** Selecting the selected day again clears it (default true). */
  allowClear?: boolean;
  /** First day of the week, 0 = Sunday … 6 = Saturday (default: the app's, as Week has it). */
  weekStartsOn?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
}

/**
 * The month's caption and the weekdays' names: the library's own (date-fns, English) in English,
 * Intl's in any other language, so the calendar needs no locale data of its own.
 */
function languageProps(): Pick<DayPickerProps, 'formatters' | 'labels'> {
  const labels = { labelNext: () => t('ui.nextMonth'), labelPrevious: () => t('ui.previousMonth') };
  if (currentLanguage() === 'en') return { labels };
  return {
    formatters: {
      formatCaption: (month) => format({ month: 'long', year: 'numeric' }).format(month),
      formatWeekdayName: (day) => format({ weekday: 'short' }).format(day),
    },
    labels: {
      ...labels,
      labelGrid: (month) => format({ month: 'long', year: 'numeric' }).format(month),
      labelWeekday: (day) => format({ weekday: 'long' }).format(day),
    },
  };
}

const START = new Date(1900, 0, 1, 12);
const END = new Date(2999, 11, 31, 12);

export function DatePicker({ value, onSelect, month, onMonthChange, counts, autoFocus, allowClear = true, weekStartsOn = (getWeekStart() % 7) as 0 | 1 | 2 | 3 | 4 | 5 | 6 }: DatePickerProps) {
  const selected = value ? dateFromIso(value) : undefined;
  const language = languageProps();
  return (
    <CountsContext.Provider value={counts}>
      <DayPicker
        mode="single"
        required={!allowClear}
        selected={selected}
        onSelect={(date: Date | undefined) => onSelect(date ? isoFromDate(date) : null)}
        {...(month ? { month: dateFromIso(month) } : selected ? { defaultMonth: selected } : {})}
        onMonthChange={(m) => onMonthChange?.(isoFromDate(m))}
        weekStartsOn={weekStartsOn}
        showOutsideDays={false}
        fixedWeeks
        startMonth={START}
        endMonth={END}
        autoFocus={autoFocus}
        className="date-picker"
        components={counts ? { DayButton: CountedDayButton } : undefined}
        formatters={language.formatters}
        labels={{ ...language.labels, labelDayButton: (date, modifiers) => dayButtonLabel(date, modifiers, counts) }}
      />
    </CountsContext.Provider>
  );
}
