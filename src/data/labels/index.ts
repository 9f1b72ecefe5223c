// Label edits (SPEC §14.1) for the screens and the dialog that make them, and for quick add's
// "@name" (imported when a line names a label): '@/data/labels', apart from '@/data' so that the
// first screen, which only shows labels, loads none of it.
export { labels } from '../write/labels';
