// Upcoming (SPEC §2): the next 14 days grouped by day, and a month calendar with a count on
// each day; picking a day shows that day's tasks. Repeating tasks also show, and count, their
// later occurrences (SPEC §11.1; day-items.ts). Each view reads its tasks and the repeating tasks
// in one live query, so a completed occurrence's row and its repeats change in the same render.
import { useEffect, useMemo, useState } from 'react';
import type { StepCount } from '@/data';
import { useCommentCounts, useDayCountsWithRepeats, useStepCounts, useUpcomingWithRepeats } from '@/data/react';
import { DatePicker } from '@/ui/date-picker';
import { longDate } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { TaskRow } from '@/connected/task-row';
import { useListsById } from '@/connected/use-lists-by-id';
import { useToday } from '@/ui/use-today';
import { daysBetween, dayLabel, groupByDay, isoFromParts, monthGridRange, parseIso, UPCOMING_DAYS } from '@/lib/dates';
import type { List } from '@/domain/model';
import { QuickAdd } from '@/connected/quick-add/quick-add';
import { RepeatRowView } from '@/ui/repeat-row';
import { Screen } from '@/ui/screen';
import { countsWithRepeats, type DayItem, dayItems } from './day-items';
import { SelectButton, SelectionOrder, SelectionScope } from '@/ui/selection-scope';
import { BulkBar } from '@/connected/bulk-bar';
import { EveryonesTasksToggle, useMineFirst } from '@/connected/mine-first';
import { isMineOrNobodys, mineFirst } from '@/domain/mine-first';
import { t } from './messages';
import './upcoming.css';

export interface UpcomingScreenProps {
  /** The day picked on the calendar, or undefined for the next 14 days. */
  day: string | undefined;
  onDayChange: (day: string | undefined) => void;
}

/** "Today · Monday 23 November", "Wednesday 25 November". */
function dayHeading(iso: string, today: string) {
  const long = longDate(iso, today);
  const diff = daysBetween(today, iso);
  return diff === 0 || diff === 1 ? `${dayLabel(iso, today)} · ${long}` : long;
}

function firstOfMonth(iso: string) {
  const { year, month } = parseIso(iso);
  return isoFromParts(year, month, 1);
}

export function UpcomingScreen({ day, onDayChange }: UpcomingScreenProps) {
  useFormatAnswers();
  const today = useToday();
  const lists = useListsById();
  const [month, setMonth] = useState(() => firstOfMonth(day ?? today));
  // A day picked elsewhere (the list, a reloaded link) brings its month into view.
  useEffect(() => {
    if (day) setMonth(firstOfMonth(day));
  }, [day]);
  const { year, month: m } = parseIso(month);
  const range = monthGridRange(year, m, 1);
  const read = useDayCountsWithRepeats(range.from, range.to);
  const counts = useMemo(
    () => read && countsWithRepeats(read.counts, read.repeating, range.from, range.to, today),
    [read, range.from, range.to, today],
  );

  return (
    <SelectionScope>
    <Screen title={t('upcoming.title')} subtitle={day ? dayHeading(day, today) : t('upcoming.nextDays', { count: UPCOMING_DAYS })} className="upcoming-screen" actions={<SelectButton />}>
      <div className="upcoming-layout">
        <aside className="upcoming-calendar" aria-label={t('upcoming.calendar')}>
          <DatePicker
            value={day ?? null}
            onSelect={(iso) => onDayChange(iso ?? undefined)}
            month={month}
            onMonthChange={setMonth}
            counts={counts}
          />
          {day && (
            <button type="button" className="btn btn-ghost upcoming-reset" onClick={() => onDayChange(undefined)}>
              {t('upcoming.showNextDays', { count: UPCOMING_DAYS })}
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
    <BulkBar />
    </SelectionScope>
  );
}

interface DaysProps {
  today: string;
  lists: Map<string, List>;
}

function DayTasks({
  day,
  items,
  today,
  lists,
  steps,
  comments,
}: { day: string; items: DayItem[]; steps: Record<string, StepCount> | undefined; comments: Record<string, number> | undefined } & DaysProps) {
  return (
    <ul className="task-list">
      {items.map(({ task, repeat }) =>
        repeat ? (
          <RepeatRowView key={`${task.id}@${day}`} task={task} date={day} list={lists.get(task.list_id)} showList />
        ) : (
          <TaskRow key={task.id} task={task} today={today} list={lists.get(task.list_id)} showList screenDay={day} steps={steps?.[task.id]} comments={comments?.[task.id]} />
        ),
      )}
    </ul>
  );
}

/** The days' rows (undefined while loading), and every task row's "done/total" and comment count, each read in one query. */
function useDayGroups(from: string, days: number, today: string) {
  const all = useUpcomingWithRepeats(from, days);
  // Mine first (SPEC §17): filtered from the rows the live query holds, so the query stays on its index.
  const { userId, everyone } = useMineFirst();
  const read = useMemo(
    () => all && { due: mineFirst(all.due, userId, everyone), repeating: mineFirst(all.repeating, userId, everyone) },
    [all, userId, everyone],
  );
  const groups = useMemo(
    () => read && groupByDay(dayItems(read.due, read.repeating, from, days, today), from, days, today),
    [read, from, days, today],
  );
  const ids = useMemo(() => read?.due.map((t) => t.id) ?? [], [read]);
  // the rows in the order shown (a day's untimed first), for Shift-click ranges and "Select all"
  const order = useMemo(() => groups?.flatMap((g) => g.tasks.flatMap((item) => (item.repeat ? [] : [item.task.id]))) ?? [], [groups]);
  // The switch shows only where it changes something: some task here is someone else's.
  const others = userId !== undefined && all !== undefined && (all.due.some((t) => !isMineOrNobodys(t, userId)) || all.repeating.some((t) => !isMineOrNobodys(t, userId)));
  const toggle = others ? <EveryonesTasksToggle everyone={everyone} /> : null;
  return { groups, order, toggle, steps: useStepCounts(ids), comments: useCommentCounts(ids) };
}

function DayView({ day, today, lists }: DaysProps & { day: string }) {
  useFormatAnswers();
  const { groups, order, toggle, steps, comments } = useDayGroups(day, 1, today);
  const items = groups?.[0]?.tasks;
  const heading = dayHeading(day, today);
  return (
    <section className="section" aria-labelledby="picked-day">
      <SelectionOrder ids={order} />
      <h2 className="section-title" id="picked-day">
        {heading}{' '}
        {items && <span className="section-count">{items.length}</span>}
      </h2>
      <QuickAdd key={day} defaults={{ due_date: day }} placeholder={t('upcoming.addFor', { day: dayLabel(day, today) })} onScreen={(t) => t.due_date === day} />
      {toggle}
      {items && items.length > 0 && <DayTasks day={day} items={items} today={today} lists={lists} steps={steps} comments={comments} />}
      {items && items.length === 0 && <p className="day-empty">{t('upcoming.nothingPlanned')}</p>}
    </section>
  );
}

function NextDays({ today, lists, onPick }: DaysProps & { onPick: (day: string) => void }) {
  useFormatAnswers();
  const { groups = [], order, toggle, steps, comments } = useDayGroups(today, UPCOMING_DAYS, today);
  return (
    <>
      <SelectionOrder ids={order} />
      {toggle}
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
                  {t('upcoming.plan')}{' '}
                  <span className="visually-hidden">{dayHeading(group.date, today)}</span>
                </button>
              )}
            </h2>
            {group.tasks.length > 0 && <DayTasks day={group.date} items={group.tasks} today={today} lists={lists} steps={steps} comments={comments} />}
          </section>
        );
      })}
    </>
  );
}
