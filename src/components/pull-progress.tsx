// A determinate progress bar for a sync pulling a large backlog (a new device's first sync, or
// coming back after a long time away). Presentational: the caller passes the engine's
// `status.pull`; the sync centre shows it in its card, the shell as a compact strip on top.
import { useId } from 'react';
import { PULL_PROGRESS_NAME, pullProgressText } from '@/account/sync-messages';
import type { PullProgress } from '@/sync';
import './pull-progress.css';

export function PullProgressBar({ progress, className }: { progress: PullProgress; className?: string }) {
  const id = useId();
  const total = Math.max(progress.total, 1);
  const now = Math.min(progress.received, total);
  const text = pullProgressText(progress);
  return (
    <div className={className ? `pull-progress ${className}` : 'pull-progress'}>
      <div className="pull-progress-head">
        <span id={`${id}-name`} className="pull-progress-name">
          {PULL_PROGRESS_NAME}
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
