// Every entity's writes, as one chunk loaded with the first write or the idle preload (lazy.ts)
// rather than with the first screen.
export { comments } from './comments';
export { invitations } from './invitations';
export { lists } from './lists';
export { members } from './members';
export { notifications } from './notifications';
export { profile } from './profile';
export { reminders } from './reminders';
export { steps } from './steps';
export { tasks } from './tasks';
