// jsdom has no matchMedia; react-hot-toast asks it about reduced motion and the shell about
// the viewport width. Every query answers `matches` from this predicate (default: wide screen).
let predicate: (query: string) => boolean = (query) => query.includes('min-width');

export function setMediaMatches(next: (query: string) => boolean) {
  predicate = next;
}

window.matchMedia = ((query: string) => ({
  matches: predicate(query),
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
