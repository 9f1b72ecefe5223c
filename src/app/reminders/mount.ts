// The reminders' components as one chunk of their own (app.tsx loads it lazily): the scheduler's
// mount, the push subscription and what they share (the "Remind at" preference, the schedule and
// its calendar and time-zone arithmetic, the notification's shape) stay off the first screen.
export { PushSubscriber } from './push-subscriber';
export { ReminderScheduler } from './reminder-scheduler';
