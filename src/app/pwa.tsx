// Placeholder until the PWA work lands: update and offline-ready prompts are mounted here.
export function PwaStatus() {
  return null;
}
