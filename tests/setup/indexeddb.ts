// A fresh in-memory IndexedDB per test file, so Dexie runs for real outside the browser.
import 'fake-indexeddb/auto';
