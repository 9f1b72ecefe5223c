// Dexie's own module and nothing else: src/app/start.tsx evaluates it in a task of its own before
// the data layer's, so the two are not one long evaluation at start.
import 'dexie';
