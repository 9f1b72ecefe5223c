// A determinate progress bar for a sync pulling a large backlog (a new device's first sync, or
// coming back after a long time away). Presentational: the caller passes the engine's
// `status.pull`; the sync centre shows it in its card, the shell as a compact strip on top.
import { useId } from 'react';
import { formatCount } from './format';
import { t } from './messages';
import './pull-progress.css';

/** How far a pull has got (the engine's `status.pull` has this shape). */
export interface PullCount {
  received: number;
  total: number;
}

/**
 * "12,000 of 50,010 items": rows of every kind (tasks, lists, memberships, tombstones), so not
 * "tasks" — a deleted task still has to come down, and the number must match the bar.
 */
function progressText({ received, total }: PullCount): string {
  return t('ui.progress', { received: formatCount(received), shown: formatCount(total), total });
}

export function PullProgressBar({ progress, className }: { progress: PullCount; className?: string }) {
  const id = useId();
  const total = Math.max(progress.total, 1);
  const now = Math.min(progress.received, total);
  const text = progressText(progress);
  return (
    <div className={className ? `pull-progress ${className}` : 'pull-progress'}>
      <div className="pull-progress-head">
        <span id={`${id}-name`} className="pull-progress-name">
          {t('ui.downloading')}
        </span>
        {/* the bar announces the same words through aria-valuetext */}
        <span className="pull-progress-count" aria-hidden="true">
          {text}
        </span>
      </div>
      <div
        className="pull-progress-track"
        role="progressbar"
        aria-labelledby={`${id}-name`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={now}
        aria-valuetext={text}
      >
        <div className="pull-progress-fill" style={{ width: `${(now / total) * 100}%` }} />
      </div>
    </div>
  );
}
