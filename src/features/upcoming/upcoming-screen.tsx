// Upcoming (SPEC §2): the next 14 days grouped by day, and a month calendar with a count on
// each day; picking a day shows that day's tasks.
import { useEffect, useMemo, useState } from 'react';
import { useDayCounts, useUpcomingTasks } from '@/data/react';
import { DatePicker } from '@/ui/date-picker';
import { longDate } from '@/ui/format';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { useToday } from '@/ui/use-today';
import { dayLabel, groupByDay, isoFromParts, monthGridRange, parseIso, UPCOMING_DAYS } from '@/lib/dates';
import type { List, Task } from '@/lib/model';
import { QuickAdd } from '@/connected/quick-add';
import { Screen } from '@/ui/screen';
import './upcoming.css';

export interface UpcomingScreenProps {
  /** The day picked on the calendar, or undefined for the next 14 days. */
  day: string | undefined;
  onDayChange: (day: string | undefined) => void;
}

/** "Today · Monday 23 November", "Wednesday 25 November". */
function dayHeading(iso: string, today: string) {
  const relative = dayLabel(iso, today);
  const long = longDate(iso, today);
  return relative === 'Today' || relative === 'Tomorrow' ? `${relative} · ${long}` : long;
}

function firstOfMonth(iso: string) {
  const { year, month } = parseIso(iso);
  return isoFromParts(year, month, 1);
}

export function UpcomingScreen({ day, onDayChange }: UpcomingScreenProps) {
  const today = useToday();
  const lists = useListsById();
  const [month, setMonth] = useState(() => firstOfMonth(day ?? today));
  // A day picked elsewhere (the list, a reloaded link) brings its month into view.
  useEffect(() => {
    if (day) setMonth(firstOfMonth(day));
  }, [day]);
  const { year, month: m } = parseIso(month);
  const range = monthGridRange(year, m, 1);
  const counts = useDayCounts(range.from, range.to);

  return (
    <Screen title="Upcoming" subtitle={day ? dayHeading(day, today) : `The next ${UPCOMING_DAYS} days`} className="upcoming-screen">
      <div className="upcoming-layout">
        <aside className="upcoming-calendar" aria-label="Calendar">
          <DatePicker
            value={day ?? null}
            onSelect={(iso) => onDayChange(iso ?? undefined)}
            month={month}
            onMonthChange={setMonth}
            counts={counts}
          />
          {day && (
            <button type="button" className="btn btn-ghost upcoming-reset" onClick={() => onDayChange(undefined)}>
              Show the next {UPCOMING_DAYS} days
            </button>
          )}
        </aside>
        <div className="upcoming-days">
          {day ? (
            <DayView day={day} today={today} lists={lists} />
          ) : (
            <NextDays today={today} lists={lists} onPick={onDayChange} />
          )}
        </div>
      </div>
    </Screen>
  );
}

function DayTasks({ day, tasks, today, lists }: { day: string; tasks: Task[]; today: string; lists: Map<string, List> }) {
  return (
    <ul className="task-list">
      {tasks.map((task) => (
        <TaskRow key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList screenDay={day} />
      ))}
    </ul>
  );
}

function DayView({ day, today, lists }: { day: string; today: string; lists: Map<string, List> }) {
  const tasks = useUpcomingTasks(day, 1);
  const heading = dayHeading(day, today);
  return (
    <section className="section" aria-labelledby="picked-day">
      <h2 className="section-title" id="picked-day">
        {heading}{' '}
        {tasks && <span className="section-count">{tasks.length}</span>}
      </h2>
      <QuickAdd key={day} defaults={{ due_date: day }} placeholder={`Add a task for ${dayLabel(day, today)}`} />
      {tasks && tasks.length > 0 && <DayTasks day={day} tasks={tasks} today={today} lists={lists} />}
      {tasks && tasks.length === 0 && <p className="day-empty">Nothing planned for this day.</p>}
    </section>
  );
}

function NextDays({ today, lists, onPick }: { today: string; lists: Map<string, List>; onPick: (day: string) => void }) {
  const tasks = useUpcomingTasks(today, UPCOMING_DAYS);
  const groups = useMemo(() => (tasks ? groupByDay(tasks, today, UPCOMING_DAYS, today) : []), [tasks, today]);
  return (
    <>
      {groups.map((group) => {
        const id = `day-${group.date}`;
        return (
          <section key={group.date} className={group.tasks.length ? 'section day' : 'section day is-empty'} aria-labelledby={id}>
            <h2 className="section-title day-title" id={id}>
              <span>{dayHeading(group.date, today)}</span>{' '}
              {group.tasks.length > 0 ? (
                <span className="section-count">{group.tasks.length}</span>
              ) : (
                <button type="button" className="day-add" onClick={() => onPick(group.date)}>
                  Plan{' '}
                  <span className="visually-hidden">{dayHeading(group.date, today)}</span>
                </button>
              )}
            </h2>
            {group.tasks.length > 0 && <DayTasks day={group.date} tasks={group.tasks} today={today} lists={lists} />}
          </section>
        );
      })}
    </>
  );
}
