// For a component that formats dates or counts while it renders: it renders again when strings
// arrive for the stand-ins a start showed (./format-memory.ts, deferFormats).
import { useSyncExternalStore } from 'react';
import { formatAnswers, subscribeFormats } from './format-memory';

export function useFormatAnswers(): void {
  useSyncExternalStore(subscribeFormats, formatAnswers, formatAnswers);
}
