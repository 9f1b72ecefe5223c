// Week (SPEC §18): seven day columns on a wide screen; on a phone a strip of the seven days with a
// count on each and the picked day's list below. The week starts on Settings → "Week starts on"
// (else the locale's first day). Tasks move between days by dragging their handle onto another
// day (a column, or a day of the strip) or with Alt+Left/Right; timed ones by 15 minutes with
// Alt+Up/Down. A day's timeline (`?day=`) shows its timed tasks as blocks on an hour grid.
import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useStepCounts, useWeekTasks } from '@/data/react';
import { getWeekStart, onWeekStartChange } from '@/domain/week-start';
import { type WeekDay, weekDays, weekStartOf } from '@/domain/week';
import { useListsById } from '@/connected/use-lists-by-id';
import { addDays } from '@/lib/dates';
import { mediumDate } from '@/ui/format';
import { ChevronLeftIcon, ChevronRightIcon } from '@/ui/icons-more';
import { Screen } from '@/ui/screen';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { useMediaQuery } from '@/ui/use-media-query';
import { useToday } from '@/ui/use-today';
import { SelectButton, SelectionOrder, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';
import { DayColumn } from './day-column';
import { DayTimeline } from './day-timeline';
import { useDayDrag } from './use-day-drag';
import { useRowContext } from './use-row-context';
import { t } from './messages';
import { useWeekMoves } from './use-week-moves';
import { WeekStrip } from './week-strip';
import './week.css';

export interface WeekScreenProps {
  /** A day of the week to show; undefined = this week. */
  start: string | undefined;
  /** A day whose timeline to show instead of the week. */
  day: string | undefined;
  onShowWeek: (start: string | undefined) => void;
  onShowDay: (day: string | undefined) => void;
}

/** The first day of the week, kept current when Settings changes it (here or in another tab). */
export function useWeekStart() {
  return useSyncExternalStore(onWeekStartChange, () => getWeekStart());
}

/** The ids of the days' own task rows: not a repeat's later occurrences, not deadlines. */
const ownRowIds = (days: readonly WeekDay[]) => days.flatMap((d) => d.tasks.flatMap((item) => (item.kind === 'repeat' ? [] : [item.task.id])));

export function WeekScreen(props: WeekScreenProps) {
  if (props.day) return <DayTimeline day={props.day} onShowWeek={props.onShowWeek} onShowDay={props.onShowDay} />;
  // "Select" (SPEC §18, on every task screen): the week's own tasks, not its repeats or deadlines
  return (
    <SelectionScope>
      <WeekView {...props} />
      <BulkBar />
    </SelectionScope>
  );
}

function WeekView({ start: anyDay, onShowWeek, onShowDay }: WeekScreenProps) {
  useFormatAnswers();
  const today = useToday();
  const firstDay = useWeekStart();
  const start = weekStartOf(anyDay ?? today, firstDay);
  const end = addDays(start, 6);
  const thisWeek = weekStartOf(today, firstDay);
  const wide = useMediaQuery('(min-width: 1024px)');
  const lists = useListsById();
  const rows = useRowContext();
  const read = useWeekTasks(start);
  const fresh = useMemo(() => read && weekDays(start, read.due, read.repeating, read.deadlines, today), [read, start, today]);
  // While another week loads, the last one stays: the columns, their add fields and the rows
  // they share with the new week stay mounted instead of being torn down and built again.
  const last = useRef(fresh);
  if (fresh) last.current = fresh;
  const days = fresh ?? last.current;
  const ids = useMemo(() => read?.due.map((t) => t.id) ?? [], [read]);
  const steps = useStepCounts(ids);
  const [picked, setPicked] = useState<string | null>(null);
  const inWeek = (date: string | null | undefined): date is string => !!date && date >= start && date <= end;
  // the day picked, else the one in the address (a reload keeps it), else today, else the first
  const selected = inWeek(picked) ? picked : inWeek(anyDay) ? anyDay : inWeek(today) ? today : start;

  const shown = useRef({ start, end, today, onShowWeek, onShowDay });
  shown.current = { start, end, today, onShowWeek, onShowDay };
  // stable for the screen's life, so the memoised columns don't re-render for them
  const inView = useCallback((date: string) => {
    const at = shown.current;
    setPicked(date);
    if (date < at.start || date > at.end) at.onShowWeek(date === at.today ? undefined : date);
  }, []);
  const showDay = useCallback((date: string) => shown.current.onShowDay(date), []);
  // The picked day goes in the address too, so the phone's "New task" adds to it (screenTarget).
  const pick = useCallback((date: string) => {
    const at = shown.current;
    setPicked(date);
    at.onShowWeek(date === at.today ? undefined : date);
  }, []);
  const moves = useWeekMoves(today, inView, days);
  const byId = useMemo(() => new Map((read?.due ?? []).map((t) => [t.id, t])), [read]);
  const { drag, handleProps } = useDayDrag((taskId, _from, to) => {
    const task = byId.get(taskId);
    if (task) void moves.moveToDay(task, to);
  });

  // Keyed by place in the week, not date: going to another week re-renders seven columns rather
  // than mounting seven new ones (each day's add field starts its own live reads when mounted).
  const column = (day: WeekDay, i: number) => (
    <DayColumn
      key={i}
      day={day}
      today={today}
      heading={mediumDate(day.date, today)}
      lists={lists}
      steps={steps}
      drag={drag}
      handleProps={handleProps}
      onRowKeyDown={moves.onRowKeyDown}
      onShowDay={showDay}
      narrow={wide}
      rows={rows}
    />
  );
  const selectedDay = days?.find((d) => d.date === selected);
  // the rows shown, in order (Shift-click ranges, "Select all"): the week's, or on a phone the picked day's
  const order = useMemo(() => ownRowIds(wide ? (days ?? []) : selectedDay ? [selectedDay] : []), [wide, days, selectedDay]);

  return (
    <Screen
      title={t('week.title')}
      subtitle={`${mediumDate(start, today)} – ${mediumDate(end, today)}`}
      className={wide ? 'week-screen is-wide' : 'week-screen'}
      actions={
        <div className="week-actions">
          <SelectButton />
          <nav className="week-nav" aria-label={t('week.weeks')}>
            <button type="button" className="icon-btn" aria-label={t('week.previousWeek')} onClick={() => onShowWeek(addDays(start, -7))}>
              <ChevronLeftIcon />
            </button>
            <button type="button" className="btn btn-ghost" aria-current={start === thisWeek ? 'date' : undefined} onClick={() => onShowWeek(undefined)}>
              {t('week.thisWeek')}
            </button>
            <button type="button" className="icon-btn" aria-label={t('week.nextWeek')} onClick={() => onShowWeek(addDays(start, 7))}>
              <ChevronRightIcon />
            </button>
          </nav>
        </div>
      }
    >
      <SelectionOrder ids={order} />
      <p className="visually-hidden">{t('week.keys')}</p>
      {moves.region}
      {days &&
        (wide ? (
          <div className={drag ? 'week-grid is-dragging' : 'week-grid'}>{days.map(column)}</div>
        ) : (
          <div className={drag ? 'week-phone is-dragging' : 'week-phone'}>
            <WeekStrip days={days} today={today} selected={selected} drag={drag} onPick={pick} />
            {selectedDay && column(selectedDay, 0)}
          </div>
        ))}
    </Screen>
  );
}
