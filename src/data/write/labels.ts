// Label edits (SPEC §14.1) as the app calls them. The writes (./label-writes.ts) load with the
// first label edit, not with the first screen, which only shows labels. Not for use inside a
// transaction someone else opened (awaiting the load would end it): the import calls
// label-writes directly.
import type { Label, LabelPatch, ListColor } from '@/domain/model';
import type { DaybookDb } from '../db/schema';

const writes = () => import('./label-writes');

export const labels = {
  create: async (name: string, color?: ListColor, db?: DaybookDb, id?: string): Promise<Label> => (await writes()).createLabel(name, color, db, id),
  update: async (id: string, patch: LabelPatch, db?: DaybookDb): Promise<void> => (await writes()).updateLabel(id, patch, db),
  delete: async (id: string, db?: DaybookDb): Promise<void> => (await writes()).deleteLabel(id, db),
  add: async (taskId: string, labelId: string, db?: DaybookDb): Promise<void> => (await writes()).addLabel(taskId, labelId, db),
  remove: async (taskId: string, labelId: string, db?: DaybookDb): Promise<void> => (await writes()).removeLabel(taskId, labelId, db),
  /** Puts the labels called `names` on the task, making those that do not exist yet. */
  addByName: async (taskId: string, names: string[], db?: DaybookDb): Promise<void> => (await writes()).labelTaskByName(taskId, names, db),
};
