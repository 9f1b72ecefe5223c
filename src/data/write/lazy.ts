// The UI's writes ('@/data' tasks, lists, …) as stand-ins that load entities.ts with the first
// write or the idle preload (preload.ts), so the first screen does not carry them. A write asked
// for before the chunk is there waits for it; once it is loaded a write calls the real one at once
// (the optimistic patch as immediate as before). Inside a transaction someone else opened, the
// wait keeps that transaction alive with Dexie.waitFor, as core-loader.ts does.
import Dexie from 'dexie';
import { loadOnce } from '@/lib/load-once';

type Entities = typeof import('./entities');
type Entity = keyof Entities;

const entities = loadOnce(() => import('./entities'));

export function loadWrites(): Promise<Entities> {
  return Dexie.currentTransaction ? Dexie.waitFor(entities.load()) : entities.load();
}

/** Each entity's verbs; a verb missing here fails the type check below. */
const VERBS = {
  comments: ['create', 'update', 'delete'],
  invitations: ['accept', 'decline', 'cancel'],
  lists: ['create', 'update', 'move', 'delete', 'restore', 'leave'],
  members: ['invite', 'setRole', 'remove'],
  notifications: ['read', 'readAll', 'setLevel'],
  profile: ['update'],
  reminders: ['set', 'clear', 'snooze'],
  steps: ['create', 'update', 'setDone', 'move', 'delete', 'restore'],
  tasks: ['create', 'update', 'setDone', 'move', 'delete', 'restore', 'completeOccurrence', 'undoOccurrence'],
} as const satisfies { [E in Entity]: readonly (keyof Entities[E])[] };

type Listed<E extends Entity> = (typeof VERBS)[E][number];
// Every verb listed, and every verb returns a promise (a stand-in can only answer with one).
type AllListed = { [E in Entity]: Exclude<keyof Entities[E], Listed<E>> }[Entity];
type AllAsync = { [E in Entity]: { [V in keyof Entities[E]]: Entities[E][V] extends (...args: never[]) => Promise<unknown> ? never : V }[keyof Entities[E]] }[Entity];
const complete: [AllListed, AllAsync] extends [never, never] ? true : false = true;
void complete;

type Verb = (...args: unknown[]) => Promise<unknown>;

function standIn<E extends Entity>(entity: E): Entities[E] {
  const verbs: Record<string, Verb> = {};
  for (const verb of VERBS[entity]) {
    const real = (loaded: Entities) => (loaded[entity] as unknown as Record<string, Verb>)[verb]!;
    verbs[verb] = (...args) => {
      const ready = entities.loaded();
      return ready ? real(ready)(...args) : loadWrites().then((loaded) => real(loaded)(...args));
    };
  }
  return verbs as unknown as Entities[E];
}

export const comments = standIn('comments');
export const invitations = standIn('invitations');
export const lists = standIn('lists');
export const members = standIn('members');
export const notifications = standIn('notifications');
export const profile = standIn('profile');
export const reminders = standIn('reminders');
export const steps = standIn('steps');
export const tasks = standIn('tasks');
