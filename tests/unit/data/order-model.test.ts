// Random sequences of create / move / complete / delete keep a list in the order a user made,
// checked against a plain array model.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listTasks, tasks } from '@/data';
import { freshDb } from './helpers';

type Op =
  | { kind: 'create' }
  | { kind: 'moveBefore'; from: number; to: number }
  | { kind: 'moveAfter'; from: number; to: number }
  | { kind: 'toStart'; from: number }
  | { kind: 'toEnd'; from: number }
  | { kind: 'toggle'; at: number }
  | { kind: 'delete'; at: number };

// Creates weigh more so lists grow long enough for moves to matter.
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'create' as const }), weight: 6 },
  fc.record({ kind: fc.constant('moveBefore' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('moveAfter' as const), from: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('toStart' as const), from: fc.nat() }),
  fc.record({ kind: fc.constant('toEnd' as const), from: fc.nat() }),
  fc.record({ kind: fc.constant('toggle' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);

describe('manual order', () => {
  it('matches a model under random edits', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        const { identity } = await freshDb();
        const model: string[] = [];
        const done = new Set<string>();
        for (const o of ops) {
          const pick = (n: number) => model[n % model.length] as string;
          if (o.kind === 'create') {
            model.push((await tasks.create({ title: `t${model.length}` })).id);
            continue;
          }
          if (model.length === 0) continue;
          if (o.kind === 'toggle') {
            const id = pick(o.at);
            await tasks.setDone(id, !done.has(id));
            if (done.has(id)) done.delete(id);
            else done.add(id);
          } else if (o.kind === 'delete') {
            const id = pick(o.at);
            await tasks.delete(id);
            model.splice(model.indexOf(id), 1);
          } else if (o.kind === 'toStart' || o.kind === 'toEnd') {
            const id = pick(o.from);
            await tasks.move(id, o.kind === 'toStart' ? { after: null } : {});
            model.splice(model.indexOf(id), 1);
            if (o.kind === 'toStart') model.unshift(id);
            else model.push(id);
          } else {
            const id = pick(o.from);
            const target = pick(o.to);
            if (id === target) continue;
            await tasks.move(id, o.kind === 'moveBefore' ? { before: target } : { after: target });
            model.splice(model.indexOf(id), 1);
            model.splice(model.indexOf(target) + (o.kind === 'moveAfter' ? 1 : 0), 0, id);
          }
        }
        const all = await listTasks(identity.inboxId, 'all');
        expect(all.map((t) => t.id)).toEqual(model);
        expect((await listTasks(identity.inboxId, 'open')).map((t) => t.id)).toEqual(model.filter((id) => !done.has(id)));
        expect((await listTasks(identity.inboxId, 'done')).map((t) => t.id)).toEqual(model.filter((id) => done.has(id)));
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
