// One simulated device for the load harness: what the app does, over the same HTTP and
// websocket a browser uses (PostgREST RPCs sync_push / sync_pull, Realtime's private channel
// user:<id>), without the app around it. A pull every 60 s, a push of 1–5 changes every
// 10–30 s, a pull when poked (as the sync engine does), heartbeats on the socket.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export interface Person {
  userId: string;
  accessToken: string;
  /** Lists this person may write to: the Inbox and the group's list. */
  lists: string[];
}

export interface Sample {
  call: 'push' | 'pull' | 'poked-pull' | 'first-sync-page';
  ms: number;
  ok: boolean;
  error?: string;
}

export interface Server {
  url: string;
  anonKey: string;
}

/** Intervals are divided by `speed`: 2 makes one device as busy as two. */
export interface Pace {
  speed: number;
}

/** What an RPC answered: a pull page, a push result, or an error's message. */
interface Answer {
  cursors: Record<string, number>;
  has_more: boolean;
  message?: string;
}

export class Device {
  private readonly clientId = randomUUID();
  private cursors: Record<string, number> = {};
  private next = 1;
  private readonly mine: string[] = [];
  private socket: WebSocket | null = null;
  private timers: NodeJS.Timeout[] = [];
  private pulling: Promise<void> | null = null;
  private pokedAgain = false;
  private stopped = false;
  started = false;
  pokes = 0;

  constructor(
    private readonly server: Server,
    private readonly person: Person,
    private readonly pace: Pace,
    private readonly record: (s: Sample) => void,
  ) {}

  private async rpc(name: string, body: unknown): Promise<{ ok: boolean; status: number; data: Answer; ms: number }> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.server.url}/rest/v1/rpc/${name}`, {
        method: 'POST',
        headers: { apikey: this.server.anonKey, authorization: `Bearer ${this.person.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const data = (await res.json().catch(() => ({}))) as Answer;
      return { ok: res.ok, status: res.status, data, ms: performance.now() - t0 };
    } catch (err) {
      return { ok: false, status: 0, data: { cursors: {}, has_more: false, message: String(err) }, ms: performance.now() - t0 };
    }
  }

  /** Pulls every page from the device's cursors (a first sync when it has none). */
  async pull(call: Sample['call'] = 'pull'): Promise<void> {
    for (let page = 0; page < 200 && !this.stopped; page++) {
      const r = await this.rpc('sync_pull', { p_client_id: this.clientId, p_cursors: this.cursors, p_limit: 1000 });
      this.record({ call, ms: r.ms, ok: r.ok, ...(r.ok ? {} : { error: `${call} ${r.status} ${r.data.message ?? ''}` }) });
      if (!r.ok) return;
      this.cursors = { ...this.cursors, ...r.data.cursors };
      if (!r.data.has_more) return;
    }
  }

  private async push(): Promise<void> {
    const size = 1 + Math.floor(Math.random() * 5);
    const mutations = [];
    for (let k = 0; k < size; k++) {
      const id = this.next++;
      if (this.mine.length && Math.random() < 0.5) {
        const task = this.mine[Math.floor(Math.random() * this.mine.length)]!;
        mutations.push({ id, name: 'task.update', args: { id: task, patch: { title: `edit ${id}` } } });
      } else {
        const task = randomUUID();
        const list = this.person.lists[Math.floor(Math.random() * this.person.lists.length)]!;
        mutations.push({ id, name: 'task.create', args: { id: task, list_id: list, title: `task ${id}`, position: `a${id}` } });
        this.mine.push(task);
      }
    }
    const r = await this.rpc('sync_push', { p_client_id: this.clientId, p_mutations: mutations });
    this.record({ call: 'push', ms: r.ms, ok: r.ok, ...(r.ok ? {} : { error: `push ${r.status} ${r.data.message ?? ''}` }) });
    if (!r.ok) this.next -= size;
  }

  /** One pull at a time; a poke during a pull asks for one more after it (as the engine does). */
  private pokedPull() {
    if (this.pulling) {
      this.pokedAgain = true;
      return;
    }
    this.pulling = this.pull('poked-pull').finally(() => {
      this.pulling = null;
      if (this.pokedAgain && !this.stopped) {
        this.pokedAgain = false;
        this.pokedPull();
      }
    });
  }

  private every(minMs: number, maxMs: number, fn: () => Promise<void>) {
    const tick = () => {
      if (this.stopped) return;
      const wait = (minMs + Math.random() * (maxMs - minMs)) / this.pace.speed;
      this.timers.push(setTimeout(() => void fn().finally(tick), wait));
    };
    tick();
  }

  /** Opens the socket, joins the private channel, then runs the timers. */
  async start(): Promise<void> {
    this.started = true;
    await this.connect();
    await this.pull();
    this.every(50_000, 70_000, () => this.pull());
    this.every(10_000, 30_000, () => this.push());
  }

  private connect(): Promise<void> {
    const url = new URL('/realtime/v1/websocket', this.server.url.replace(/^http/, 'ws'));
    url.searchParams.set('apikey', this.server.anonKey);
    url.searchParams.set('vsn', '2.0.0');
    const ws = new WebSocket(url);
    this.socket = ws;
    const topic = `realtime:user:${this.person.userId}`;
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.on('message', (data, binary) => {
        if (binary) return this.onBroadcast(data as Buffer);
        const [, ref, , event, payload] = JSON.parse(String(data)) as [string | null, string | null, string, string, { status?: string } | undefined];
        if (event === 'phx_reply' && ref === '1') {
          if (payload?.status === 'ok') resolve();
          else reject(new Error(`join refused: ${JSON.stringify(payload)}`));
        }
      });
      ws.once('open', () => {
        ws.send(JSON.stringify(['1', '1', topic, 'phx_join', { config: { private: true, broadcast: { self: false, ack: false }, presence: { key: '' } }, access_token: this.person.accessToken }]));
        let ref = 2;
        this.timers.push(setInterval(() => ws.readyState === ws.OPEN && ws.send(JSON.stringify([null, String(ref++), 'phoenix', 'heartbeat', {}])), 25_000));
      });
    });
  }

  /** vsn 2.0.0 sends broadcasts as binary frames: kind, three lengths, encoding, then topic, event, meta and the payload. */
  private onBroadcast(frame: Buffer) {
    const [topicLength = 0, eventLength = 0, metaLength = 0] = [frame[1], frame[2], frame[3]];
    const event = frame.subarray(5 + topicLength, 5 + topicLength + eventLength).toString('utf8');
    if (event !== 'poke') return;
    const payload = JSON.parse(frame.subarray(5 + topicLength + eventLength + metaLength).toString('utf8')) as { client_id?: string };
    // the engine ignores pokes for its own pushes
    if (payload.client_id === this.clientId) return;
    this.pokes++;
    this.pokedPull();
  }

  stop() {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.socket?.close();
  }
}
