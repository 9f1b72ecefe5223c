// The entry: the app, once the browser can show what index.html holds. When public/boot.js has
// painted its picture of Today, the app is evaluated only after the browser has shown it:
// evaluating the app (React, the router, the data layer) is one long task, and a browser that
// runs it before its first paint would keep the picture off the screen until it ends.
// The app's chunk is fetched meanwhile (index.html preloads it). Nothing heavy here: whatever this
// file imports statically runs first. The app's styles come with its chunk, linked from
// index.html as one stylesheet (vite.config.ts).
import { bootSnapshotShown } from './connected/boot-host';
import { nextTask } from './lib/next-task';

// Which build this page runs, from its first moment (bug reports and the e2e update test read
// <html data-build>): the app itself may still be loading when the page has loaded.
document.documentElement.dataset.build = __BUILD_ID__;

const start = () => import('./app/start');

if (bootSnapshotShown()) {
  // rAF runs just before the next paint; a task posted from it runs after that paint.
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  // Still a task of its own: the entry is evaluated in the task that ends the HTML's parsing (with
  // its style and layout), and the import's preload work made that task long.
  void nextTask().then(start);
}
