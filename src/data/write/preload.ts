// Offline first: the chunks a write loads on first use (the writes themselves, every mutation's apply, a repeat's
// arithmetic, completing an occurrence) are fetched once the first screen is up, so a device that goes offline before its
// service worker has cached the shell can still add a task or tick a repeating one.
import { nextTask } from '@/lib/next-task';
import { loadMutationCore } from './core-loader';
import { loadWrites } from './lazy';
import { loadOccurrences, loadSeries } from './tasks-repeat';

export async function preloadWrites(): Promise<void> {
  // One chunk a task: asking for a chunk adds a preload link per file it imports, and asking for
  // all three at once was one long task seconds into the start.
  const loads: Promise<unknown>[] = [];
  for (const load of [loadWrites, loadMutationCore, loadSeries, loadOccurrences]) {
    const loading = load();
    loading.catch(() => {}); // reported by Promise.all below, not as unhandled meanwhile
    loads.push(loading);
    await nextTask();
  }
  await Promise.all(loads);
}
