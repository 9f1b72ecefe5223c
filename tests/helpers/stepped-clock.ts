// A clock whose timers fire only when the test advances it: the engine's Clock seam, shared by
// the engine's unit tests (starting at a fixed time) and the Realtime device tests (starting now,
// since tokens and the server compare against real time).
import type { Clock } from '@/sync/ports';

export class SteppedClock implements Clock {
  private seq = 0;
  private timers = new Map<number, { at: number; fn: () => void }>();
  constructor(private t: number = Date.now()) {}
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), fn });
    return id;
  };
  clearTimeout = (handle: unknown) => void this.timers.delete(handle as number);
  /** Moves time forward, firing due timers in order. */
  advance(ms: number) {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
  nextTimerIn(): number | null {
    const ats = [...this.timers.values()].map((t) => t.at - this.t);
    return ats.length ? Math.min(...ats) : null;
  }
}
