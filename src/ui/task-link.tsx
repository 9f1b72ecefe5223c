// Opens the task dialog over the current screen: the real location stays the current one
// (plus ?task=<id>, which the root layout turns into the dialog) while the address bar shows
// /tasks/<id>, so the link can be copied, and a direct visit opens the dialog over Today.
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export function TaskLink({
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
}
