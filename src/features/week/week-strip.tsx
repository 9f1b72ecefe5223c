// The phone's week strip: the seven days with their weekday, date and task count; picking one shows
// its list below. Each day is also where a dragged task can be dropped (`data-week-day`).
import type { WeekDay } from '@/domain/week';
import { mediumDate } from '@/ui/format';
import type { DayDrag } from './use-day-drag';

const weekdayFormat = new Map<string, Intl.DateTimeFormat>();

/** "Mon" and "30" in the page's language. */
function dayParts(iso: string): { weekday: string; day: string } {
  const lang = typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en';
  let format = weekdayFormat.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormat.set(lang, format);
  }
  return { weekday: format.format(new Date(`${iso}T00:00:00Z`)), day: String(Number(iso.slice(8, 10))) };
}

export function WeekStrip({ days, today, selected, drag, onPick }: { days: WeekDay[]; today: string; selected: string; drag: DayDrag | null; onPick: (date: string) => void }) {
  return (
    <nav className="week-strip" aria-label="Days">
      {days.map((day) => {
        const { weekday, day: number } = dayParts(day.date);
        const count = day.tasks.length;
        const over = drag !== null && drag.over === day.date && drag.from !== day.date;
        return (
          <button
            key={day.date}
            type="button"
            data-week-day={day.date}
            className={['week-strip-day', day.date === today ? 'is-today' : '', over ? 'is-drop-target' : ''].join(' ').trim()}
            aria-pressed={day.date === selected}
            aria-label={`${mediumDate(day.date, today)}, ${count === 1 ? '1 task' : `${count} tasks`}`}
            onClick={() => onPick(day.date)}
          >
            <span className="week-strip-weekday">{weekday}</span>
            <span className="week-strip-date">{number}</span>
            <span className="week-strip-count">{count > 0 ? count : ''}</span>
          </button>
        );
      })}
    </nav>
  );
}
