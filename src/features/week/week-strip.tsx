// The phone's week strip: the seven days with their weekday, date and task count; picking one shows
// its list below. Each day is also where a dragged task can be dropped (`data-week-day`).
import type { WeekDay } from '@/domain/week';
import { intlLocale } from '@/lib/i18n';
import { t } from './messages';
import type { DayDrag } from './use-day-drag';

const formats = new Map<string, Intl.DateTimeFormat>();

function format(lang: string, part: 'weekday' | 'month'): Intl.DateTimeFormat {
  const key = `${lang} ${part}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(lang, { [part]: 'short', timeZone: 'UTC' });
    formats.set(key, f);
  }
  return f;
}

/** "Mon", "30" and "Nov" in the app's language. */
function dayParts(iso: string): { weekday: string; day: string; month: string } {
  const lang = intlLocale();
  const date = new Date(`${iso}T00:00:00Z`);
  return { weekday: format(lang, 'weekday').format(date), day: String(Number(iso.slice(8, 10))), month: format(lang, 'month').format(date) };
}

export function WeekStrip({ days, today, selected, drag, onPick }: { days: WeekDay[]; today: string; selected: string; drag: DayDrag | null; onPick: (date: string) => void }) {
  return (
    <nav className="week-strip" aria-label={t('week.days')}>
      {days.map((day) => {
        const { weekday, day: number, month } = dayParts(day.date);
        const count = day.tasks.length;
        const over = drag !== null && drag.over === day.date && drag.from !== day.date;
        return (
          <button
            key={day.date}
            type="button"
            data-week-day={day.date}
            className={['week-strip-day', day.date === today ? 'is-today' : '', over ? 'is-drop-target' : ''].join(' ').trim()}
            aria-pressed={day.date === selected}
            onClick={() => onPick(day.date)}
          >
            <span className="week-strip-weekday">{weekday}</span>{' '}
            <span className="week-strip-date">{number}</span>
            <span className="visually-hidden"> {month},</span>{' '}
            <span className="week-strip-count" aria-hidden="true">
              {count > 0 ? count : null}
            </span>
            <span className="visually-hidden">{t('week.stripTasks', { count })}</span>
          </button>
        );
      })}
    </nav>
  );
}
