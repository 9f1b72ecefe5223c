// A "device" for sync tests: the real backend (supabase-js over HTTP to the stand-in), its own
// Dexie database in fake-indexeddb, and a sync engine whose transport we wrap to inject faults
// (the seam we own). The engine's timers never fire here unless a clock is given; tests drive
// runs with sync(). With `realtime`, the engine follows the user's pokes through a PokeTap.
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { type Backend, createBackend, memoryStorage } from '@/backend';
import { createSyncStore } from '@/data';
import { openDatabase } from '@/data/database';
import type { DaybookDb } from '@/data/schema';
import { toList, toTask } from '@/data/schema';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import type { Clock, PullRequest, PushRequest, SyncTransport, TransportOutcome } from '@/sync/ports';
import type { EngineEvent } from '@/sync/types';
import type { List, PullResult, PushResult, Task } from '@/lib/model';
import { PokeTap } from './realtime';
import { pullAll } from './server-sync';

export type Fault = 'drop-request' | 'drop-response' | 'duplicate' | 'delay' | 'server-error' | 'timeout' | 'crash';
/** `crash`: the request reaches the server, then the app dies before seeing the answer (restart it). */
export const FAULTS: Fault[] = ['drop-request', 'drop-response', 'duplicate', 'delay', 'server-error', 'timeout', 'crash'];

/** Timers that never fire: runs happen only when the test calls syncNow(). */
export const manualClock: Clock = { now: () => Date.now(), setTimeout: () => null, clearTimeout: () => {} };

const network = (message: string) => ({ kind: 'retry', reason: 'network', status: 0, message }) as const;

/**
 * Wraps a transport: `offline` fails every request as the network would; injected faults apply
 * to the next requests in order; `picker` may choose a fault per request (property tests).
 */
export class FaultyTransport implements SyncTransport {
  offline = false;
  picker: ((kind: 'push' | 'pull') => Fault | null) | null = null;
  readonly log: { kind: 'push' | 'pull'; fault: Fault | 'offline' | null; outcome: string }[] = [];
  /** Set by a `crash` fault: the test should restart this device now. */
  crashed = false;
  /** Sees every answer the server gave, including the ones the fault then hides from the engine. */
  onServerAnswer: ((req: PushRequest, outcome: TransportOutcome<PushResult>) => void) | null = null;
  private readonly queue: Fault[] = [];
  constructor(private readonly inner: SyncTransport) {}

  inject(...faults: Fault[]) {
    this.queue.push(...faults);
  }

  /** The network heals: no more injected faults, online. */
  heal() {
    this.queue.length = 0;
    this.picker = null;
    this.offline = false;
  }

  push(req: PushRequest) {
    return this.run('push', async () => {
      const out = await this.inner.push(req);
      this.onServerAnswer?.(req, out);
      return out;
    });
  }

  pull(req: PullRequest) {
    return this.run('pull', () => this.inner.pull(req));
  }

  private async run<T>(kind: 'push' | 'pull', call: () => Promise<TransportOutcome<T>>): Promise<TransportOutcome<T>> {
    const fault = this.offline ? 'offline' : (this.queue.shift() ?? this.picker?.(kind) ?? null);
    const out = await this.apply(fault, call);
    this.log.push({ kind, fault, outcome: out.kind });
    return out;
  }

  private async apply<T>(fault: Fault | 'offline' | null, call: () => Promise<TransportOutcome<T>>): Promise<TransportOutcome<T>> {
    switch (fault) {
      case 'offline':
        return network('offline (injected)');
      case 'drop-request':
        return network('request lost (injected)');
      case 'drop-response':
        await call();
        return network('response lost (injected)');
      case 'duplicate': {
        // the same request arrives twice at once (a proxy retry); the client sees the second answer
        const [, second] = await Promise.all([call(), call()]);
        return second;
      }
      case 'delay':
        await new Promise((r) => setTimeout(r, 5 + Math.floor(Math.random() * 25)));
        return call();
      case 'server-error':
        return { kind: 'retry', reason: 'server', status: 503, message: 'Service Unavailable (injected)' };
      case 'timeout':
        // the server did the work but the answer came after our deadline
        await call();
        return { kind: 'retry', reason: 'timeout', status: 0, message: 'TimeoutError: injected' };
      case 'crash':
        await call();
        this.crashed = true;
        return network('the app was closed (injected)');
      default:
        return call();
    }
  }
}

export interface Device {
  name: string;
  userId: string;
  email: string;
  backend: Backend;
  db: DaybookDb;
  transport: FaultyTransport;
  /** Only with `realtime`. */
  pokes: PokeTap | null;
  engine: SyncEngine;
  events: EngineEvent[];
  /** One run now; resolves when it ends. */
  sync(): Promise<void>;
  /** Closes the app (engine and database) and opens it again on the same database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceOptions {
  /** Wraps the network under supabase-js (e.g. to break a token). */
  fetch?: typeof fetch;
  pullLimit?: number;
  /** Use this session (e.g. the one sign-up returned) instead of signing in again. */
  session?: { accessToken: string; refreshToken: string };
  /** The engine's clock; default timers that never fire. */
  clock?: Clock;
  /** Follow the user's pokes (Realtime) while the engine may run. */
  realtime?: boolean;
}

export async function connectDevice(
  server: { url: string; anonKey: string },
  user: { userId: string; email: string; password: string },
  name = `dev-${randomUUID().slice(0, 8)}`,
  opts: DeviceOptions = {},
): Promise<Device> {
  const backend = createBackend(
    { supabaseUrl: server.url, supabaseAnonKey: server.anonKey },
    { storage: memoryStorage(), realtimeTransport: ws, autoRefreshToken: false, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
  );
  if (opts.session) {
    const { error } = await backend.supabase.auth.setSession({ access_token: opts.session.accessToken, refresh_token: opts.session.refreshToken });
    if (error) throw error;
  } else {
    const signed = await backend.signIn(user.email, user.password);
    if (!signed.ok) throw new Error(`sign in failed: ${signed.message}`);
  }
  const dbName = `daybook-${name}-${user.userId}`;
  const transport = new FaultyTransport(backend.transportFor(user.userId));
  const events: EngineEvent[] = [];
  const pokes = opts.realtime ? new PokeTap(backend, user.userId) : null;

  const device = {
    name,
    userId: user.userId,
    email: user.email,
    backend,
    transport,
    pokes,
    events,
  } as Device;

  async function open() {
    device.db = await openDatabase(dbName, user.userId);
    device.engine = createSyncEngine({
      store: createSyncStore(device.db),
      transport,
      clock: opts.clock ?? manualClock,
      pullLimit: opts.pullLimit,
      pokes: pokes?.source,
    });
    device.engine.subscribe((e) => events.push(e));
    device.engine.start();
  }
  await open();
  device.sync = () => device.engine.syncNow();
  device.restart = async () => {
    await device.engine.stop();
    device.db.close();
    await open();
  };
  device.close = async () => {
    await device.engine.stop();
    device.db.close();
    if (pokes) await backend.supabase.removeAllChannels();
  };
  return device;
}

// ---- comparing a device with the server ---------------------------------------------------

export interface View {
  lists: Pick<List, 'id' | 'name' | 'color' | 'position' | 'version'>[];
  tasks: Pick<Task, 'id' | 'list_id' | 'title' | 'notes' | 'due_date' | 'due_time' | 'priority' | 'done' | 'position' | 'version'>[];
  members: { list_id: string; user_id: string; role: string }[];
}

const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function projectTask(t: Task): View['tasks'][number] {
  return {
    id: t.id,
    list_id: t.list_id,
    title: t.title,
    notes: t.notes ?? '',
    due_date: t.due_date ?? null,
    due_time: t.due_time ?? null,
    priority: t.priority,
    done: t.done,
    position: t.position,
    version: Number(t.version),
  };
}

function projectList(l: List): View['lists'][number] {
  return { id: l.id, name: l.name, color: l.color, position: l.position, version: Number(l.version) };
}

/**
 * The live rows this device holds. Orphans count: a live task or a member whose list is not on
 * the device (a purge that missed them) shows here, so comparing with the server catches it.
 * Only rows of a list the device holds as a tombstone are hidden, as the screens hide them.
 */
export async function deviceView(db: DaybookDb): Promise<View> {
  const all = (await db.lists.toArray()).map(toList);
  const lists = all.filter((l) => !l.deleted_at);
  const deleted = new Set(all.filter((l) => l.deleted_at).map((l) => l.id));
  const tasks = (await db.tasks.toArray()).map(toTask).filter((t) => !t.deleted_at && !deleted.has(t.list_id));
  const members = (await db.members.toArray()).filter((m) => !deleted.has(m.list_id));
  return {
    lists: lists.map(projectList).sort(byId),
    tasks: tasks.map(projectTask).sort(byId),
    members: members.map((m) => ({ list_id: m.list_id, user_id: m.user_id, role: m.role })).sort((a, b) => `${a.list_id}${a.user_id}`.localeCompare(`${b.list_id}${b.user_id}`)),
  };
}

/** What the server shows this user: a full pull from scratch with a fresh client id. */
export async function serverView(device: Device): Promise<View> {
  const pages: PullResult[] = await pullAll(device.backend.supabase, randomUUID());
  const lists = new Map<string, List>();
  const tasks = new Map<string, Task>();
  const members = new Map<string, { list_id: string; user_id: string; role: string; deleted_at?: string | null }>();
  for (const page of pages) {
    for (const l of page.lists) lists.set(l.id, l);
    for (const t of page.tasks) tasks.set(t.id, t);
    for (const m of page.members as (PullResult['members'][number] & { deleted_at?: string | null })[]) members.set(`${m.list_id}|${m.user_id}`, m);
    for (const d of page.departed) if (tasks.get(d.task_id)?.list_id === d.list_id) tasks.delete(d.task_id);
  }
  const visible = new Set(pages.at(-1)?.visible_lists ?? []);
  const liveLists = [...lists.values()].filter((l) => visible.has(l.id) && !l.deleted_at);
  const live = new Set(liveLists.map((l) => l.id));
  return {
    lists: liveLists.map(projectList).sort(byId),
    tasks: [...tasks.values()].filter((t) => !t.deleted_at && live.has(t.list_id)).map(projectTask).sort(byId),
    members: [...members.values()]
      .filter((m) => !m.deleted_at && live.has(m.list_id))
      .map((m) => ({ list_id: m.list_id, user_id: m.user_id, role: m.role }))
      .sort((a, b) => `${a.list_id}${a.user_id}`.localeCompare(`${b.list_id}${b.user_id}`)),
  };
}

/** Every device syncs until nothing is queued anywhere, then once more so all pulls see the end. */
export async function syncUntilQuiet(devices: Device[], maxRounds = 10): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    for (const d of devices) await d.sync();
    const queued = await Promise.all(devices.map((d) => d.db.outbox.count()));
    if (queued.every((n) => n === 0)) {
      for (const d of devices) await d.sync();
      return;
    }
  }
  throw new Error('devices did not become quiet');
}
