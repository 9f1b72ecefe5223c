// Runs before the app's JS, while index.html is parsed (issue #16: an offline cold start's first
// task in ≤ 2× an empty page). Two things:
//  1. the theme the user picked, so the static frame does not paint in the other theme first;
//  2. the Today screen as it was last on show (src/connected/boot-snapshot.ts saves it), painted as a
//     picture over the page until the app has drawn Today's rows itself.
// The picture is shown only when it can only be right for a moment: same address (/today), same
// day, same account, same layout (wide or narrow). It lives in a closed shadow root with its own
// copy of the styles it was saved with: its ids, classes and text stay out of the document (the
// live screen underneath has the same ones), assistive tech skips it (the host is aria-hidden) and
// nothing in it can be focused or clicked (inert). A plain file, not a module: it must run
// before the first paint, and the CSP allows no inline script.
// Its keys, the account's record and the layout's media query are copies of src/connected/boot-snapshot.ts,
// src/lib/theme.ts, src/sync/stored-account.ts and AppShell's WIDE_QUERY (a plain file cannot import
// them); tests/component/boot-snapshot.test.tsx runs it against theirs, so a change to one side fails there.
(() => {
  try {
    const store = window.localStorage;
    const theme = store.getItem('daybook-theme');
    if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);

    const path = location.pathname;
    if (path !== '/today' && path !== '/') return;
    const raw = store.getItem('daybook-snapshot');
    if (!raw) return;
    const snap = JSON.parse(raw);
    if (snap?.v !== 1 || typeof snap.html !== 'string' || typeof snap.css !== 'string') return;

    const now = new Date();
    const two = (n) => String(n).padStart(2, '0');
    const day = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
    if (snap.day !== day) return;

    let user = null;
    const account = JSON.parse(store.getItem('daybook-account') || 'null');
    if (account && (account.state === 'signed-in' || account.state === 'expired') && typeof account.userId === 'string') {
      user = account.userId;
    }
    if (snap.user !== user) return;
    if (snap.wide !== window.matchMedia('(min-width: 768px)').matches) return;

    const host = document.getElementById('boot-shell');
    if (!host?.attachShadow || !('adoptedStyleSheets' in Document.prototype)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(snap.css);
    const shadow = host.attachShadow({ mode: 'closed' });
    shadow.adoptedStyleSheets = [sheet];
    const picture = document.createElement('div');
    picture.inert = true;
    picture.innerHTML = snap.html;
    shadow.append(picture);
    host.setAttribute('data-snapshot', '');
    // The app takes it down once Today has drawn its rows (2 s at most once it runs). An app that
    // never comes (a chunk that failed to load, an error above the shell) must not stay hidden
    // behind a picture of itself.
    setTimeout(() => host.remove(), 10000);
  } catch {
    // An unreadable record or storage the browser refuses: the static frame shows, as without one.
  }
})();
