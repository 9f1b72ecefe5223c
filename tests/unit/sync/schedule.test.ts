import { describe, expect, it } from 'vitest';
import { initialSchedule, isFailing, nextRun, POKE_DELAY_MS, type ScheduleEvent, type ScheduleState, schedule } from '@/sync/schedule';

type Step = [at: number, event: ScheduleEvent];
const half = () => 0.5;

function play(steps: Step[], from: ScheduleState = initialSchedule(true, true), random = half): ScheduleState {
  return steps.reduce((s, [at, event]) => schedule(s, event, at, random), from);
}

describe('schedule: when the next sync runs', () => {
  const cases: { name: string; steps: Step[]; start?: ScheduleState; runAt: number | null; failures?: number }[] = [
    { name: 'nothing runs before start', steps: [[0, 'edit'], [5, 'visible']], runAt: null },
    { name: 'start runs at once', steps: [[100, 'start']], runAt: 100 },
    { name: 'an edit runs 1 s later', steps: [[0, 'start'], [0, 'run'], [0, 'succeeded'], [10_000, 'edit']], runAt: 11_000 },
    { name: 'a second edit does not push the first one back', steps: [[0, 'start'], [0, 'run'], [500, 'edit'], [1200, 'edit']], runAt: 1500 },
    { name: 'while visible and signed in, every 60 s after a success', steps: [[0, 'start'], [0, 'run'], [2000, 'succeeded']], runAt: 62_000 },
    { name: 'an edit during a run keeps its 1 s over the 60 s tick', steps: [[0, 'start'], [0, 'run'], [100, 'edit'], [300, 'succeeded']], runAt: 1100 },
    { name: 'hidden: no periodic run', steps: [[0, 'start'], [0, 'hidden'], [0, 'run'], [2000, 'succeeded']], runAt: null },
    { name: 'hiding drops the periodic run already planned', steps: [[0, 'start'], [0, 'run'], [2000, 'succeeded'], [3000, 'hidden']], runAt: null },
    { name: 'hiding keeps a run an edit asked for', steps: [[0, 'start'], [0, 'run'], [2000, 'succeeded'], [3000, 'edit'], [3500, 'hidden']], runAt: 4000 },
    { name: 'becoming visible runs at once', steps: [[0, 'start'], [0, 'hidden'], [0, 'run'], [10, 'succeeded'], [5000, 'visible']], runAt: 5000 },
    { name: 'a failure backs off 1 s × jitter', steps: [[0, 'start'], [0, 'run'], [1000, 'failed']], runAt: 1500, failures: 1 },
    { name: 'failures double the ceiling', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [500, 'run'], [500, 'failed'], [1500, 'run'], [1500, 'failed']], runAt: 3500, failures: 3 },
    { name: 'an edit during backoff waits for the backoff', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [100, 'edit']], runAt: 2000, failures: 3 },
    { name: 'becoming visible during backoff waits for the backoff', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [0, 'hidden'], [200, 'visible']], runAt: 1000, failures: 2 },
    { name: 'online resets the backoff and runs at once', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [300, 'online']], runAt: 300, failures: 0 },
    { name: 'a successful request resets the backoff even if the run then fails', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [4000, 'run'], [4000, 'progress'], [4100, 'failed']], runAt: 4600, failures: 1 },
    { name: 'a success resets the backoff', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [500, 'run'], [600, 'succeeded']], runAt: 60_600, failures: 0 },
    { name: 'offline cancels the planned run', steps: [[0, 'start'], [0, 'run'], [0, 'succeeded'], [10, 'offline']], runAt: null },
    { name: 'edits while offline plan nothing', steps: [[0, 'start'], [0, 'offline'], [10, 'edit']], runAt: null },
    { name: 'a failure while offline plans nothing', steps: [[0, 'start'], [0, 'run'], [0, 'offline'], [10, 'failed']], runAt: null, failures: 1 },
    { name: 'back online runs at once', steps: [[0, 'start'], [0, 'offline'], [10, 'edit'], [9000, 'online']], runAt: 9000 },
    { name: 'manual ignores the backoff', steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [10, 'manual']], runAt: 10, failures: 2 },
    { name: 'pause (expired, stopped, not the leader) cancels and ignores edits', steps: [[0, 'start'], [5, 'pause'], [6, 'edit'], [7, 'online'], [8, 'manual']], runAt: null },
    { name: 'start again after a pause runs at once', steps: [[0, 'start'], [5, 'pause'], [9, 'start']], runAt: 9 },
    { name: 'starting offline waits for online', start: initialSchedule(false, true), steps: [[0, 'start'], [0, 'run'], [0, 'failed'], [4000, 'online']], runAt: 4000 },
  ];
  it.each(cases)('$name', ({ steps, start, runAt, failures }) => {
    const s = play(steps, start);
    expect(nextRun(s)).toBe(runAt);
    if (failures !== undefined) expect(s.failures).toBe(failures);
  });

  // Pokes (another device changed something this user sees). P = the coalescing delay.
  // random() = 0.5: three failures at t=0 leave a backoff until 2000.
  const P = POKE_DELAY_MS;
  const threeFailures: Step[] = [[0, 'start'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed'], [0, 'run'], [0, 'failed']];
  const pokeCases: typeof cases = [
    { name: 'a poke runs P later', steps: [[0, 'start'], [0, 'run'], [0, 'succeeded'], [5000, 'poke']], runAt: 5000 + P },
    { name: 'a burst of pokes makes one run, at the first one’s time', steps: [[0, 'start'], [0, 'run'], [0, 'succeeded'], [5000, 'poke'], [5000 + P / 2, 'poke'], [5000 + P - 1, 'poke']], runAt: 5000 + P },
    { name: 'a poke keeps a run planned earlier', steps: [[0, 'start'], [0, 'poke']], runAt: 0 },
    { name: 'a poke during a run asks for one more after it', steps: [[0, 'start'], [0, 'run'], [10, 'poke'], [300, 'succeeded']], runAt: 10 + P },
    { name: 'a poke before start plans nothing', steps: [[0, 'poke']], runAt: null },
    { name: 'a poke while offline plans nothing', steps: [[0, 'start'], [0, 'run'], [0, 'succeeded'], [10, 'offline'], [20, 'poke']], runAt: null },
    { name: 'a poke while paused (expired, not the leader) plans nothing', steps: [[0, 'start'], [5, 'pause'], [10, 'poke']], runAt: null },
    { name: 'a poke while hidden still runs', steps: [[0, 'start'], [0, 'hidden'], [0, 'run'], [0, 'succeeded'], [100, 'poke']], runAt: 100 + P },
    { name: 'a poke cuts a backoff short, without resetting it', steps: [...threeFailures, [100, 'poke']], runAt: 100 + P, failures: 3 },
    { name: 'a second poke in the same backoff window waits for it', steps: [...threeFailures, [100, 'poke'], [200, 'run'], [300, 'poke']], runAt: 2000, failures: 3 },
    { name: 'a failed run opens a new window where a poke may run at once again', steps: [...threeFailures, [100, 'poke'], [200, 'run'], [250, 'failed'], [300, 'poke']], runAt: 300 + P, failures: 4 },
    { name: 'a poke that waited runs P after a request succeeds', steps: [...threeFailures, [100, 'poke'], [200, 'run'], [300, 'poke'], [400, 'progress'], [410, 'succeeded']], runAt: 400 + P, failures: 0 },
    { name: 'a poke that waited is served by the retry run', steps: [...threeFailures, [100, 'poke'], [200, 'run'], [300, 'poke'], [2000, 'run'], [2100, 'succeeded']], runAt: 62_100, failures: 0 },
    { name: 'a poke near the end of a backoff joins the retry run', steps: [...threeFailures, [2000 - P / 2, 'poke']], runAt: 2000, failures: 3 },
    { name: 'online serves a poke that waited at once', steps: [...threeFailures, [100, 'poke'], [200, 'run'], [300, 'poke'], [700, 'online']], runAt: 700, failures: 0 },
  ];
  it.each(pokeCases)('$name', ({ steps, start, runAt, failures }) => {
    const s = play(steps, start);
    expect(nextRun(s)).toBe(runAt);
    if (failures !== undefined) expect(s.failures).toBe(failures);
  });

  it('the backoff ceiling reaches 5 minutes and stays there', () => {
    let s = play([[0, 'start']]);
    for (let i = 0; i < 30; i++) s = schedule(schedule(s, 'run', 0, half), 'failed', 0, () => 0.999999);
    expect(s.retryAt).toBe(299_999);
  });
});

describe('failing after 5 minutes of failures', () => {
  it.each([
    { name: 'no failures', steps: [[0, 'start']] as Step[], at: 600_000, failing: false },
    { name: 'failing for 4:59', steps: [[0, 'start'], [0, 'failed'], [200_000, 'failed']] as Step[], at: 299_999, failing: false },
    { name: 'failing for 5:00', steps: [[0, 'start'], [0, 'failed'], [200_000, 'failed']] as Step[], at: 300_000, failing: true },
    { name: 'a success ends the spell', steps: [[0, 'start'], [0, 'failed'], [299_000, 'succeeded'], [299_500, 'failed']] as Step[], at: 400_000, failing: false },
    { name: 'a successful request ends the spell', steps: [[0, 'start'], [0, 'failed'], [100_000, 'progress'], [200_000, 'failed']] as Step[], at: 300_000, failing: false },
    { name: 'online alone does not end the spell', steps: [[0, 'start'], [0, 'failed'], [10, 'online'], [20, 'failed']] as Step[], at: 300_000, failing: true },
    { name: 'a poke does not end the spell', steps: [[0, 'start'], [0, 'failed'], [10, 'poke'], [20, 'failed']] as Step[], at: 300_000, failing: true },
  ])('$name → $failing', ({ steps, at, failing }) => {
    expect(isFailing(play(steps), at)).toBe(failing);
  });
});
