// Every component test starts like a first visit: an empty database opened afresh, nothing in
// localStorage, no sync facade, and no toast left on screen by the test before.
import { act } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach } from 'vitest';
import { provideSync } from '@/sync-status/load-sync';
import { getDb, resetDatabaseForTests } from '@/data';

export function freshAppEachTest() {
  beforeEach(async () => {
    await resetDatabaseForTests();
    await getDb().open();
    localStorage.clear();
  });
  afterEach(() => {
    act(() => {
      toast.remove();
    });
    provideSync(null);
  });
}
