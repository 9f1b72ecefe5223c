// Opens the task dialog over the current screen: the real location stays the current one
// (plus ?task=<id>, which the root layout turns into the dialog) while the address bar shows
// /tasks/<id>, so the link can be copied, and a direct visit opens the dialog over Today.
import { Link } from '@tanstack/react-router';
import { memo, type ReactNode } from 'react';

/**
 * Memoised: a router Link works out its address on every render, which adds up over a long list, and a list
 * re-renders all its rows when its length changes (their position in the set); the Link still
 * follows the router's own state.
 */
export const TaskLink = memo(function TaskLink({
  taskId,
  className,
  children,
  ...aria
}: {
  taskId: string;
  className?: string;
  children: ReactNode;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  return (
    <Link
      to="."
      search={(prev: Record<string, unknown>) => ({ ...prev, task: taskId })}
      mask={{ to: '/tasks/$taskId', params: { taskId } }}
      className={className}
      {...aria}
    >
      {children}
    </Link>
  );
});
