// A "device" for sync tests: the real backend (supabase-js over HTTP to the stand-in), its own
// Dexie database in fake-indexeddb, and a sync engine whose transport we wrap to inject faults
// (the seam we own). The engine's timers never fire here unless a clock is given; tests drive
// runs with sync(). With `realtime`, the engine follows the user's pokes through a PokeTap.
// Trouble armed on the transport (FaultyTransport.arm) can make another tab take the database
// over mid-request: a second connection, engine and transport on the same database.
import { randomUUID } from 'node:crypto';
import ws from 'ws';
import { type Backend, createBackend, memoryStorage } from '@/backend';
import { createSyncStore } from '@/data/sync';
import { openDatabase } from '@/data/db/database';
import { readInvitations } from '@/data/db/invitations';
import { readLinks } from '@/data/db/links';
import { readProfile } from '@/data/db/profile';
import { personColor, personName } from '@/domain/people';
import { readFeeds } from '@/data/db/feeds';
import type { DaybookDb } from '@/data/db/schema';
import { toComment, toList, toTask } from '@/data/db/schema';
import { createSyncEngine, type SyncEngine } from '@/sync/engine';
import type { Clock, PullRequest, PushRequest, SyncStore, SyncTransport, TransportOutcome } from '@/sync/ports';
import type { EngineEvent } from '@/sync/types';
import type { CalendarFeed, Comment, Invitation, List, PullResult, PushResult, ShareLink, Task } from '@/domain/model';
import { PokeTap } from './realtime';
import { pullAll } from './server-sync';

export type Fault = 'drop-request' | 'drop-response' | 'duplicate' | 'delay' | 'server-error' | 'timeout' | 'crash';
/** `crash`: the request reaches the server, then the app dies before seeing the answer (restart it). */
export const FAULTS: Fault[] = ['drop-request', 'drop-response', 'duplicate', 'delay', 'server-error', 'timeout', 'crash'];
/** Faults that end a run early (a pull cut by one stops between its pages). */
export const INTERRUPTING: Fault[] = ['drop-request', 'drop-response', 'server-error', 'timeout', 'crash'];

/**
 * Trouble that waits for its moment: armed with arm(), it takes the first request that fits
 * (before the queued faults), once.
 * - `takeover`: any request. The server answers it; before the engine sees the answer another
 *   tab on the same database claims it and syncs to completion (hooks.takeover).
 * - `takeover-during`: the same, but the answer goes back as soon as the other tab has claimed
 *   and sent its first request: both engines run at once.
 * - `server-restart`: a push. The server restarts while it is in flight (hooks.restartServer:
 *   before the server reads it, while it works on it, or as its answer starts back): the engine
 *   sees a network error, and the server committed the push or not.
 * - `member-removed`: a pull that continues a paged pull (the page before said has_more; while
 *   this or `pull-cut` waits, pulls ask for pages of one row so that there are such pulls).
 *   Before it leaves, this user is removed from a shared list, or leaves one on another device
 *   (hooks.betweenPages); the pull then goes on. Stays armed while there is nothing to remove.
 * - `pull-cut`: a pull that continues a paged pull meets one of the INTERRUPTING faults (by
 *   `pick`), so the pull stops between its pages.
 */
export type Trouble = 'takeover' | 'takeover-during' | 'server-restart' | 'member-removed' | 'pull-cut';
export const TROUBLES: Trouble[] = ['takeover', 'takeover-during', 'server-restart', 'member-removed', 'pull-cut'];

export interface Armed {
  trouble: Trouble;
  /** For the hook's choices and the restart's timing (so a seed replays them). */
  pick: number;
}

/** What the test (or the device) does when trouble fires; shared by every transport of a device. */
export interface TroubleHooks {
  takeover?(mode: 'after' | 'during'): Promise<void>;
  /** Restarts the server at a moment (by `pick`) in the request that `send` makes; resolves when it serves again. */
  restartServer?(pick: number, send: () => Promise<unknown>): Promise<void>;
  /** What happened ('removed', 'left'), or null when there was nothing to do. */
  betweenPages?(pick: number): Promise<string | null>;
  /**
   * A push that met a real network error (a server restart): what the server did with it
   * ('committed', 'lost'); the test records the answers nobody heard.
   */
  lostPush?(req: PushRequest): Promise<string>;
  /** Before every pull leaves (e.g. to age the server's records of this client). */
  beforePull?(req: PullRequest): Promise<void>;
  /** As a pull's answer comes back from the server, before any fault hides it (e.g. to read the server's state then). */
  afterPull?(req: PullRequest, outcome: TransportOutcome<PullResult>): Promise<void>;
}

export interface LogEntry {
  kind: 'push' | 'pull';
  fault: Fault | Trouble | 'offline' | null;
  outcome: string;
  /** A pull that continues a paged pull: the page before it said has_more. */
  midPull?: boolean;
  /** The fault hid a pull answer that said has_more: the pull stopped between its pages. */
  hidMore?: boolean;
  /** What the trouble did, when it says (member-removed: removed/left; server-restart: committed/lost/answered). */
  note?: string;
}

/** Timers that never fire: runs happen only when the test calls syncNow(). */
export const manualClock: Clock = { now: () => Date.now(), setTimeout: () => null, clearTimeout: () => {} };

const network = (message: string) => ({ kind: 'retry', reason: 'network', status: 0, message }) as const;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Wraps a transport: `offline` fails every request as the network would; injected faults apply
 * to the next requests in order; `picker` may choose a fault per request (property tests);
 * armed trouble waits for a request that fits.
 */
export class FaultyTransport implements SyncTransport {
  offline = false;
  picker: ((kind: 'push' | 'pull') => Fault | null) | null = null;
  readonly log: LogEntry[];
  /** Set by a `crash` fault: the test should restart this device now. */
  crashed = false;
  /** Sees every answer the server gave, including the ones the fault then hides from the engine. */
  onServerAnswer: ((req: PushRequest, outcome: TransportOutcome<PushResult>) => void) | null = null;
  readonly hooks: TroubleHooks;
  private readonly queue: Fault[] = [];
  private readonly armed: Armed[] = [];
  // the last pull answer the engine saw said has_more (a push in between ends that)
  private paging = false;
  // requests pass untouched (clean())
  private bypass = 0;
  private onRequest: (() => void)[] = [];
  constructor(
    private readonly inner: SyncTransport,
    shared?: { log: LogEntry[]; hooks: TroubleHooks },
  ) {
    this.log = shared?.log ?? [];
    this.hooks = shared?.hooks ?? {};
  }

  inject(...faults: Fault[]) {
    this.queue.push(...faults);
  }

  arm(...armed: Armed[]) {
    this.armed.push(...armed);
  }

  /**
   * The network heals: no more injected faults, online. Trouble still armed goes too, unless
   * `keepTrouble` (it may still fire in the healed network, until disarm()).
   */
  heal(opts: { keepTrouble?: boolean } = {}) {
    this.queue.length = 0;
    if (!opts.keepTrouble) this.disarm();
    this.picker = null;
    this.offline = false;
  }

  disarm() {
    this.armed.length = 0;
  }

  /**
   * Another transport for another engine of the same device: same log, hooks and network, its
   * own queued faults. Trouble still armed here moves to it (it is the device's now).
   */
  sibling(inner: SyncTransport): FaultyTransport {
    const t = new FaultyTransport(inner, { log: this.log, hooks: this.hooks });
    t.offline = this.offline;
    t.onServerAnswer = this.onServerAnswer;
    t.arm(...this.armed.splice(0));
    return t;
  }

  /** Runs `fn` with this transport fault-free and online (a sync that must get through). */
  async clean<T>(fn: () => Promise<T>): Promise<T> {
    this.bypass++;
    try {
      return await fn();
    } finally {
      this.bypass--;
    }
  }

  /** Resolves when the next request is sent. */
  nextRequest(): Promise<void> {
    return new Promise((resolve) => this.onRequest.push(resolve));
  }

  push(req: PushRequest) {
    return this.run('push', (entry) => async () => {
      const out = await this.inner.push(req);
      this.onServerAnswer?.(req, out);
      // a real network error (a server restart cut it off, or came between): the server may
      // have committed it, and nobody heard its answer
      if (out.kind === 'retry' && out.reason === 'network' && this.hooks.lostPush) entry.note = await this.hooks.lostPush(req);
      return out;
    });
  }

  pull(req: PullRequest) {
    // trouble that waits for a paged pull makes one: pages of one row (as a server that pages
    // smaller than asked would send) until it fires
    const paged = !this.bypass && !this.offline && this.armed.some(({ trouble }) => trouble === 'member-removed' || trouble === 'pull-cut');
    const sent = paged ? { ...req, limit: 1 } : req;
    return this.run('pull', () => async () => {
      await this.hooks.beforePull?.(sent);
      const out = await this.inner.pull(sent);
      await this.hooks.afterPull?.(sent, out);
      return out;
    });
  }

  private takeArmed(kind: 'push' | 'pull', midPull: boolean): Armed | null {
    const i = this.armed.findIndex(({ trouble }) =>
      trouble === 'takeover' || trouble === 'takeover-during' ? true
      : trouble === 'server-restart' ? kind === 'push'
      : kind === 'pull' && midPull,
    );
    return i < 0 ? null : this.armed.splice(i, 1)[0]!;
  }

  private async run<T>(kind: 'push' | 'pull', request: (entry: LogEntry) => () => Promise<TransportOutcome<T>>): Promise<TransportOutcome<T>> {
    for (const notify of this.onRequest.splice(0)) notify();
    const midPull = kind === 'pull' && this.paging;
    if (kind === 'push') this.paging = false;
    const entry: LogEntry = { kind, fault: null, outcome: '' };
    if (midPull) entry.midPull = true;
    const call = request(entry);
    let out: TransportOutcome<T>;
    const armed = this.bypass || this.offline ? null : this.takeArmed(kind, midPull);
    if (armed) {
      entry.fault = armed.trouble;
      out = await this.trouble(armed, call, entry);
    } else {
      const fault = this.bypass ? null : this.offline ? 'offline' : (this.queue.shift() ?? this.picker?.(kind) ?? null);
      entry.fault = fault;
      out = await this.apply(fault, call, entry);
    }
    if (kind === 'pull') this.paging = out.kind === 'ok' && (out.value as PullResult).has_more;
    entry.outcome = out.kind;
    this.log.push(entry);
    return out;
  }

  private async trouble<T>(armed: Armed, call: () => Promise<TransportOutcome<T>>, entry: LogEntry): Promise<TransportOutcome<T>> {
    switch (armed.trouble) {
      case 'takeover':
      case 'takeover-during': {
        const out = await call();
        if (!this.hooks.takeover) throw new Error('no takeover hook');
        await this.hooks.takeover(armed.trouble === 'takeover' ? 'after' : 'during');
        return out;
      }
      case 'server-restart': {
        if (!this.hooks.restartServer) throw new Error('no restartServer hook');
        // the answer, or a network error where the restart cut it off (then `call` asks
        // lostPush what the server did and notes it)
        let answer: Promise<TransportOutcome<T>> | null = null;
        await this.hooks.restartServer(armed.pick, () => {
          answer = call();
          return answer;
        });
        const out = await (answer ?? call());
        entry.note ??= 'answered';
        return out;
      }
      case 'member-removed': {
        const did = (await this.hooks.betweenPages?.(armed.pick)) ?? null;
        if (did) entry.note = did;
        // nothing to remove yet: wait for another chance
        else {
          entry.fault = null;
          this.armed.push(armed);
        }
        return call();
      }
      case 'pull-cut': {
        const fault = INTERRUPTING[armed.pick % INTERRUPTING.length]!;
        entry.fault = fault;
        entry.note = 'pull-cut';
        return this.apply(fault, call, entry);
      }
    }
  }

  private async apply<T>(fault: Fault | 'offline' | null, call: () => Promise<TransportOutcome<T>>, entry: LogEntry): Promise<TransportOutcome<T>> {
    // an answer the fault hides from the engine: if it said has_more, the pull stopped between pages
    const hide = async () => {
      const out = await call();
      if (out.kind === 'ok' && (out.value as Partial<PullResult>).has_more) entry.hidMore = true;
    };
    switch (fault) {
      case 'offline':
        return network('offline (injected)');
      case 'drop-request':
        return network('request lost (injected)');
      case 'drop-response':
        await hide();
        return network('response lost (injected)');
      case 'duplicate': {
        // the same request arrives twice at once (a proxy retry); the client sees the second answer
        const [, second] = await Promise.all([call(), call()]);
        return second;
      }
      case 'delay':
        await sleep(5 + Math.floor(Math.random() * 25));
        return call();
      case 'server-error':
        return { kind: 'retry', reason: 'server', status: 503, message: 'Service Unavailable (injected)' };
      case 'timeout':
        // the server did the work but the answer came after our deadline
        await hide();
        return { kind: 'retry', reason: 'timeout', status: 0, message: 'TimeoutError: injected' };
      case 'crash':
        await hide();
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
  /** The database connection of the tab that syncs now (another tab's after a takeover). */
  db: DaybookDb;
  /** The transport of the engine that syncs now. */
  transport: FaultyTransport;
  /** Only with `realtime`. */
  pokes: PokeTap | null;
  engine: SyncEngine;
  events: EngineEvent[];
  /** Store writes an engine attempted after another engine had claimed the database (rejected LeadershipLost). */
  fencedWrites: number;
  /** Engines that took over from another on this database. */
  takeovers: number;
  /**
   * One run now; resolves when it ends (and, after a takeover in it, the other tab's run too).
   * After a takeover of a takeover, the last tab may still be running: a restart then closes it
   * mid-run, as closing the app would.
   */
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

/** The store, counting the writes its epoch fence rejected. */
function countingFences(store: SyncStore, onFenced: () => void): SyncStore {
  const fenced =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      write(...args).catch((err: unknown) => {
        if ((err as Error | null)?.name === 'LeadershipLost') onFenced();
        throw err;
      });
  return {
    ...store,
    applyPull: fenced(store.applyPull),
    refuseLocally: fenced(store.refuseLocally),
    setLastSyncedAt: fenced(store.setLastSyncedAt),
    setOfflineSavedShown: fenced(store.setOfflineSavedShown),
  };
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
    fencedWrites: 0,
    takeovers: 0,
  } as Device;
  // what a takeover leaves to finish once the run it happened in has ended: the other tab's run,
  // then closing the tab that lost
  const retiring: (() => Promise<void>)[] = [];

  function engineOn(db: DaybookDb, t: FaultyTransport): SyncEngine {
    const engine = createSyncEngine({
      store: countingFences(createSyncStore(db), () => device.fencedWrites++),
      transport: t,
      clock: opts.clock ?? manualClock,
      pullLimit: opts.pullLimit,
      pokes: pokes?.source,
    });
    engine.subscribe((e) => events.push(e));
    engine.start();
    return engine;
  }

  async function open() {
    device.db = await openDatabase(dbName, user.userId);
    device.engine = engineOn(device.db, device.transport);
  }

  // Another tab opens the same database with its own connection, engine and transport, claims
  // it and syncs; the device goes on with that tab. The tab that lost keeps its run going (its
  // store writes are fenced off) until the run ends, then closes.
  transport.hooks.takeover = async (mode) => {
    const old = { engine: device.engine, db: device.db };
    const next = device.transport.sibling(backend.transportFor(user.userId));
    device.transport = next;
    device.db = await openDatabase(dbName, user.userId);
    device.engine = engineOn(device.db, next);
    device.takeovers++;
    const sent = next.nextRequest();
    const run = device.engine.syncNow();
    if (mode === 'after') await run;
    else await Promise.race([sent, run]);
    retiring.push(async () => {
      await run;
      await old.engine.stop();
      old.db.close();
    });
  };

  await open();
  device.sync = async () => {
    await device.engine.syncNow();
    for (const finish of retiring.splice(0)) await finish();
  };
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
  tasks: (Pick<Task, 'id' | 'list_id' | 'title' | 'notes' | 'due_date' | 'due_time' | 'priority' | 'done' | 'position' | 'version'> & {
    assignee: string | null;
    turns: string[] | null;
    deadline: string | null;
    steps_start_over: boolean;
    duration_min: number | null;
  })[];
  /** With the name and colour each member shows (SPEC §16). */
  members: { list_id: string; user_id: string; role: string; name: string; color: string }[];
  /** The user's own profile. */
  profile: { display_name: string | null; color: string | null; language: string | null; week_start: number | null } | null;
  /** The user's reminders (cleared ones too) on the live tasks above. */
  reminders: { task_id: string; list_id: string; offset_minutes: number | null }[];
  /** The user's invitations: to them, and on lists they own. */
  invitations: { list_id: string; email: string; role: string; status: string; incoming: boolean }[];
  /** The live share links of the lists the user owns. */
  links: { id: string; list_id: string; role: string }[];
  /** The live comments on the live tasks above. */
  comments: { id: string; task_id: string; list_id: string; author_id: string; body: string; edited: boolean; version: number }[];
  /** The user's live calendar feeds. */
  feeds: { id: string; kind: string; name: string }[];
}

function projectComment(c: Comment): View['comments'][number] {
  return { id: c.id, task_id: c.task_id, list_id: c.list_id, author_id: c.author_id, body: c.body, edited: c.edited_at !== null, version: Number(c.version) };
}

const byTask = <T extends { task_id: string }>(a: T, b: T) => (a.task_id < b.task_id ? -1 : a.task_id > b.task_id ? 1 : 0);

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
    assignee: t.assignee ?? null,
    turns: t.turns ?? null,
    deadline: t.deadline ?? null,
    steps_start_over: t.steps_start_over ?? true,
    duration_min: t.duration_min ?? null,
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
  const liveTasks = new Set(tasks.map((t) => t.id));
  const reminders = (await db.reminders.toArray()).filter((r) => liveTasks.has(r.task_id));
  const comments = (await db.comments.toArray()).map(toComment).filter((c) => !c.deleted_at && liveTasks.has(c.task_id));
  return {
    lists: lists.map(projectList).sort(byId),
    tasks: tasks.map(projectTask).sort(byId),
    members: members.map((m) => ({ list_id: m.list_id, user_id: m.user_id, role: m.role, name: personName(m), color: personColor(m) })).sort((a, b) => `${a.list_id}${a.user_id}`.localeCompare(`${b.list_id}${b.user_id}`)),
    reminders: reminders.map((r) => ({ task_id: r.task_id, list_id: r.list_id, offset_minutes: r.offset_minutes })).sort(byTask),
    invitations: projectInvitations(await readInvitations(db)),
    links: projectLinks(await readLinks(db)),
    profile: await readProfile(db),
    comments: comments.map(projectComment).sort(byId),
    feeds: projectFeeds(await readFeeds(db)),
  };
}

/** Invitations as both sides show them: which list, to whom, the role and whether declined. */
function projectInvitations(invitations: Invitation[]): View['invitations'] {
  return invitations
    .map((i) => ({ list_id: i.list_id, email: i.email.toLowerCase(), role: i.role, status: i.status, incoming: i.incoming }))
    .sort((a, b) => `${a.list_id}${a.email}${a.incoming}`.localeCompare(`${b.list_id}${b.email}${b.incoming}`));
}

/** Calendar feeds as both sides show them (the person's live feeds): which kind and name. */
function projectFeeds(feeds: CalendarFeed[]): View['feeds'] {
  return feeds.map((f) => ({ id: f.id, kind: f.kind, name: f.name })).sort(byId);
}

/** Share links as both sides show them (the owner's live links): which list and the role. */
function projectLinks(links: ShareLink[]): View['links'] {
  return links.map((l) => ({ id: l.id, list_id: l.list_id, role: l.role })).sort(byId);
}

/** What the server shows this user: a full pull from scratch with a fresh client id. */
export async function serverView(device: Device): Promise<View> {
  const pages: PullResult[] = await pullAll(device.backend.supabase, randomUUID());
  const lists = new Map<string, List>();
  const tasks = new Map<string, Task>();
  const members = new Map<string, PullResult['members'][number] & { deleted_at?: string | null }>();
  const reminders = new Map<string, { task_id: string; list_id: string; offset_minutes: number | null }>();
  const comments = new Map<string, Comment>();
  for (const page of pages) {
    for (const c of page.comments ?? []) comments.set(c.id, c);
    for (const r of page.reminders ?? []) reminders.set(r.task_id, { task_id: r.task_id, list_id: r.list_id, offset_minutes: r.offset_minutes });
    for (const l of page.lists) lists.set(l.id, l);
    for (const t of page.tasks) tasks.set(t.id, t);
    for (const m of page.members as (PullResult['members'][number] & { deleted_at?: string | null })[]) members.set(`${m.list_id}|${m.user_id}`, m);
    for (const d of page.departed) if (tasks.get(d.task_id)?.list_id === d.list_id) tasks.delete(d.task_id);
  }
  const visible = new Set(pages.at(-1)?.visible_lists ?? []);
  const liveLists = [...lists.values()].filter((l) => visible.has(l.id) && !l.deleted_at);
  const live = new Set(liveLists.map((l) => l.id));
  const liveTasks = [...tasks.values()].filter((t) => !t.deleted_at && live.has(t.list_id));
  const liveIds = new Set(liveTasks.map((t) => t.id));
  return {
    lists: liveLists.map(projectList).sort(byId),
    tasks: liveTasks.map(projectTask).sort(byId),
    members: [...members.values()]
      .filter((m) => !m.deleted_at && live.has(m.list_id))
      .map((m) => ({ list_id: m.list_id, user_id: m.user_id, role: m.role, name: personName(m), color: personColor(m) }))
      .sort((a, b) => `${a.list_id}${a.user_id}`.localeCompare(`${b.list_id}${b.user_id}`)),
    reminders: [...reminders.values()].filter((r) => liveIds.has(r.task_id)).sort(byTask),
    invitations: projectInvitations(pages.at(-1)?.invitations ?? []),
    links: projectLinks(pages.at(-1)?.links ?? []),
    profile: pages.at(-1)?.profile ?? null,
    comments: [...comments.values()].filter((c) => !c.deleted_at && liveIds.has(c.task_id)).map(projectComment).sort(byId),
    feeds: projectFeeds(pages.at(-1)?.feeds ?? []),
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
