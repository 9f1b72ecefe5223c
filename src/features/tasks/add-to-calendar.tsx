// The task dialog's "Add to calendar" (SPEC §19): the one task as an .ics file, written on the
// device by the same iCalendar writer the feed uses (src/domain/ical, a tested copy of
// supabase/functions/_shared/calendar), loaded only when the person asks for it.
import { useReminder } from '@/data/react';
import type { Task } from '@/domain/model';
import { currentLanguage } from '@/lib/i18n';
import { t } from './messages';

/** A file name from the title: letters, digits and dashes, never empty. */
function fileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || t('tasks.calendarFile')}.ics`;
}

/** The .ics text of one task, as the feed would carry it. */
export async function taskCalendar(task: Task, reminder: number | null, origin: string, now = Date.now()): Promise<string> {
  const [{ writeCalendar }, { calendarWords }] = await Promise.all([import('@/domain/ical/ical-writer'), import('@/domain/ical/calendar-words')]);
  const duration = (task as Task & { duration_min?: number | null }).duration_min ?? null;
  return writeCalendar(
    [{ ...task, duration_min: duration, reminder, updated_at: task.updated_at }],
    { name: task.title, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, origin, words: calendarWords(currentLanguage()), now },
  );
}

export function AddToCalendarButton({ task }: { task: Task }) {
  const reminder = useReminder(task.id);
  if (!task.due_date && !task.deadline) return null;
  async function download() {
    const text = await taskCalendar(task, reminder?.offset_minutes ?? null, window.location.origin);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/calendar;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName(task.title);
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return (
    <button type="button" className="btn" onClick={() => void download()}>
      {t('tasks.addToCalendar')}
    </button>
  );
}
