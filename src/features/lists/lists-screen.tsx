// /lists: every list (Inbox pinned first) with its colour, name and open count; "New list";
// reordering by drag or, without a pointer, Move up / Move down and Alt+Arrow keys.
import { NotificationsLink } from '@/connected/notifications-link';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { SharedMarker } from '@/ui/shared-marker';
import { reportWriteError } from '@/connected/write-error';
import { lists as listMutators } from '@/data';
import { useListSharing, useLists, useOpenTaskCounts } from '@/data/react';
import type { List } from '@/domain/model';
import { colorVar } from './colors';
import { PeopleIcon } from '@/ui/icons';
import { DownIcon, GripIcon, UpIcon } from '@/ui/icons-more';
import { InvitationsSection } from './invitations-section';
import { NewListDialog } from './new-list-dialog';
import { arrayMove, dropIndex, moveTargetFor, movedAnnouncement } from './reorder';
import { Screen } from '@/ui/screen';
import { formatCount } from '@/ui/format';
import { useFormatAnswers } from '@/ui/use-format-answers';
import { t } from './messages';
import './lists.css';

interface Drag {
  from: number;
  to: number;
  startY: number;
  dy: number;
  centers: number[];
  /** The dragged row's height plus the gap, which is how far the rows it passes shift. */
  step: number;
}

type FocusTarget = { id: string; control: 'link' | 'up' | 'down' };

const openTasksLabel = (n: number) => t('lists.openTasks', { count: n });

/** `after`: what the route shows below the lists (the person's labels). */
export function ListsScreen({ after }: { after?: React.ReactNode } = {}) {
  useFormatAnswers();
  const all = useLists();
  const counts = useOpenTaskCounts();
  const sharing = useListSharing();
  const [reordering, setReordering] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<Drag | null>(null);
  // The order shown between a drop and the live query catching up, so rows don't jump back.
  const [optimistic, setOptimistic] = useState<string[] | null>(null);
  const rows = useRef(new Map<string, HTMLLIElement>());
  const refocus = useRef<FocusTarget | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new result from the live query is the trigger
  useEffect(() => {
    setOptimistic(null);
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    const row = rows.current.get(target.id);
    const selector = target.control === 'link' ? 'a' : `[data-move="${target.control}"]`;
    row?.querySelector<HTMLElement>(selector)?.focus();
  }, [all]);

  if (!all) return <ListsFrame announcement="" after={after} />;

  const inbox = all.find((l) => l.is_inbox);
  let orderable = all.filter((l) => !l.is_inbox);
  if (optimistic) {
    const byId = new Map(orderable.map((l) => [l.id, l]));
    const arranged = optimistic.flatMap((id) => byId.get(id) ?? []);
    if (arranged.length === orderable.length) orderable = arranged;
  }
  const offset = inbox ? 1 : 0;
  const total = orderable.length + offset;

  async function move(from: number, to: number, focus: FocusTarget['control']) {
    const ids = orderable.map((l) => l.id);
    const target = moveTargetFor(ids, from, to);
    const list = orderable[from];
    if (!target || !list) return;
    setOptimistic(arrayMove(ids, from, to));
    refocus.current = { id: list.id, control: focus };
    try {
      await listMutators.move(list.id, target);
      setAnnouncement(movedAnnouncement(list.name, to + offset, total));
    } catch (err) {
      setOptimistic(null);
      refocus.current = null;
      reportWriteError(err, { unexpected: t('lists.moveFailed') });
    }
  }

  // A list's position is the owner's to set (the data layer refuses anyone else), so shared
  // lists owned by someone else offer no move controls instead of a refusal after the fact.
  const movable = (id: string) => {
    const role = sharing?.[id]?.role;
    return role === undefined || role === null || role === 'owner';
  };

  function onLinkKeyDown(event: KeyboardEvent, index: number) {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    const list = orderable[index];
    if (list && !movable(list.id)) {
      setAnnouncement(t('lists.ownerMoves', { name: list.name }));
      return;
    }
    const to = event.key === 'ArrowUp' ? index - 1 : index + 1;
    if (to >= 0 && to < orderable.length) void move(index, to, 'link');
  }

  function onHandleDown(event: PointerEvent<HTMLElement>, index: number) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const rects = orderable.map((l) => rows.current.get(l.id)?.getBoundingClientRect());
    const centers = rects.map((r) => (r ? r.top + r.height / 2 : 0));
    const own = rects[index];
    const next = rects[index + 1] ?? rects[index - 1];
    const gap = own && next ? Math.abs(next.top - own.top) - own.height : 0;
    setDrag({ from: index, to: index, startY: event.clientY, dy: 0, centers, step: (own?.height ?? 0) + Math.max(gap, 0) });
  }

  function onHandleMove(event: PointerEvent<HTMLElement>) {
    if (!drag) return;
    const dy = event.clientY - drag.startY;
    const to = dropIndex(drag.centers, drag.from, (drag.centers[drag.from] ?? 0) + dy);
    setDrag({ ...drag, dy, to });
  }

  function onHandleUp() {
    if (!drag) return;
    setDrag(null);
    if (drag.to !== drag.from) void move(drag.from, drag.to, 'link');
  }

  function shiftFor(index: number): number {
    if (!drag) return 0;
    if (index === drag.from) return drag.dy;
    if (drag.from < drag.to && index > drag.from && index <= drag.to) return -drag.step;
    if (drag.to < drag.from && index >= drag.to && index < drag.from) return drag.step;
    return 0;
  }

  const row = (list: List, index: number | null) => {
    const count = counts?.[list.id] ?? 0;
    const members = sharing?.[list.id]?.members ?? 0;
    const countId = `list-count-${list.id}`;
    const shift = index === null ? 0 : shiftFor(index);
    const dragging = drag !== null && index === drag.from;
    return (
      <li
        key={list.id}
        ref={(el) => {
          if (el) rows.current.set(list.id, el);
          else rows.current.delete(list.id);
        }}
        className={`lists-row${dragging ? ' lists-row--dragging' : ''}${drag ? ' lists-row--drag-active' : ''}`}
        style={{ '--accent': colorVar(list.color), transform: shift ? `translateY(${shift}px)` : undefined } as React.CSSProperties}
      >
        <Link
          to={`/lists/${list.id}` as string}
          className="lists-row-link"
          aria-describedby={countId}
          onKeyDown={index === null ? undefined : (e) => onLinkKeyDown(e, index)}
        >
          <span className="lists-dot" aria-hidden="true" />
          <span className="lists-row-name">{list.name}</span>
          <SharedMarker members={members} label={t('lists.shared', { count: members })} />
          <span className="lists-row-count" aria-hidden="true">
            {count > 0 ? formatCount(count) : ''}
          </span>
        </Link>
        <span id={countId} hidden>
          {openTasksLabel(count)}
        </span>
        {reordering && index !== null && !movable(list.id) && <span className="lists-row-fixed">{t('lists.ownerMovesIt')}</span>}
        {reordering && index !== null && movable(list.id) && (
          <div className="lists-row-reorder">
            <button
              type="button"
              className="icon-btn"
              data-move="up"
              aria-label={t('lists.moveUp', { name: list.name })}
              aria-disabled={index === 0 || undefined}
              onClick={() => index > 0 && void move(index, index - 1, 'up')}
            >
              <UpIcon />
            </button>
            <button
              type="button"
              className="icon-btn"
              data-move="down"
              aria-label={t('lists.moveDown', { name: list.name })}
              aria-disabled={index === orderable.length - 1 || undefined}
              onClick={() => index < orderable.length - 1 && void move(index, index + 1, 'down')}
            >
              <DownIcon />
            </button>
            {/* Pointer-only affordance; the buttons beside it are the keyboard and screen-reader way. */}
            <span
              className="lists-handle"
              aria-hidden="true"
              onPointerDown={(e) => onHandleDown(e, index)}
              onPointerMove={onHandleMove}
              onPointerUp={onHandleUp}
              onPointerCancel={() => setDrag(null)}
            >
              <GripIcon />
            </span>
          </div>
        )}
      </li>
    );
  };

  return (
    <ListsFrame
      announcement={announcement}
      after={after}
      actions={
        orderable.length > 1 && (
          <button type="button" className="btn" onClick={() => setReordering((r) => !r)}>
            {reordering ? t('lists.done') : t('lists.reorder')}
          </button>
        )
      }
    >
      <InvitationsSection />
      {reordering && (
        <p className="lists-hint">
          {t('lists.reorderHint')}
        </p>
      )}
      <ul className="lists-rows" aria-label={t('lists.all')}>
        {inbox && row(inbox, null)}
        {orderable.map((list, index) => row(list, index))}
      </ul>
      {orderable.length === 0 && (
        <p className="lists-empty">{t('lists.empty')}</p>
      )}
    </ListsFrame>
  );
}

function ListsFrame({
  announcement,
  actions,
  after,
  children,
}: {
  announcement: string;
  actions?: React.ReactNode;
  after?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <Screen
      title={t('lists.title')}
      className="lists-screen"
      actions={
        <div className="lists-header-actions">
          {actions}
          <NewListDialog />
        </div>
      }
    >
      <Link to="/assigned" className="btn lists-assigned">
        <PeopleIcon />
        {t('lists.assigned')}
      </Link>
      <NotificationsLink className="btn lists-assigned" />
      {children}
      {after}
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </Screen>
  );
}
