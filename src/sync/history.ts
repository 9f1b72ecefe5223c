// A task's history and a list's activity (SPEC §17): read from the server as the signed-in person,
// a page at a time; they need a connection, so an answer says when there is none.
import { spoken } from './messages';
import type { HistoryEntry, SyncTransport, TransportOutcome } from './ports';

export type { HistoryEntry };

export type HistoryAnswer = { ok: true; entries: HistoryEntry[] } | { ok: false; problem: 'offline' | 'signed_out' | 'not_found'; message: string };

export interface HistoryReader {
  task(taskId: string, before?: number | null): Promise<HistoryAnswer>;
  list(listId: string, before?: number | null): Promise<HistoryAnswer>;
}

type Port = Pick<SyncTransport, 'taskHistory' | 'listActivity'>;

function answer(outcome: TransportOutcome<HistoryEntry[]>): HistoryAnswer {
  if (outcome.kind === 'ok') return { ok: true, entries: outcome.value ?? [] };
  if (outcome.kind === 'unauthorized') return { ok: false, problem: 'signed_out', message: outcome.message };
  if (outcome.kind === 'refused') return { ok: false, problem: 'not_found', message: outcome.message };
  return { ok: false, problem: 'offline', message: outcome.message };
}

export function historyReader(transport: () => Port | null): HistoryReader {
  async function ask(call: (t: Port) => Promise<TransportOutcome<HistoryEntry[]>> | undefined): Promise<HistoryAnswer> {
    const t = transport();
    if (!t) return spoken<HistoryAnswer>({ ok: false, problem: 'signed_out', message: 'Not signed in' });
    try {
      const outcome = await call(t);
      return spoken<HistoryAnswer>(outcome ? answer(outcome) : { ok: false, problem: 'offline', message: 'This server keeps no history' });
    } catch (err) {
      return { ok: false, problem: 'offline', message: err instanceof Error ? err.message : String(err) };
    }
  }
  return {
    task: (taskId, before = null) => ask((t) => t.taskHistory?.(taskId, before)),
    list: (listId, before = null) => ask((t) => t.listActivity?.(listId, before)),
  };
}
