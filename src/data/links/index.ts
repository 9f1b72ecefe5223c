// Share links (SPEC §13.1) for the share dialog: loaded with it, not with the first screen.
export { listLinks, type HeldLink, useListLinks } from './hooks';
export { links, tokenHash } from './write';
