// Offline first: the chunks a write loads on first use (every mutation's apply, a repeat's
// arithmetic, completing an occurrence) are fetched once the first screen is up, so a device that goes offline before its
// service worker has cached the shell can still add a task or tick a repeating one.
import { loadMutationCore } from './core-loader';
import { loadOccurrences, loadSeries } from './tasks-repeat';

export async function preloadWrites(): Promise<void> {
  await Promise.all([loadMutationCore(), loadSeries(), loadOccurrences()]);
}
