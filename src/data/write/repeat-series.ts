// The rule arithmetic the repeating-task writes need, in a chunk of its own: ticking a repeating
// task or moving its date loads it (tasks-repeat.ts, loadSeries); the first screen, which writes
// through the same writes, does not.
export { formatRule, nextDue, parseRule, restartAt } from '@/domain/recurrence';
