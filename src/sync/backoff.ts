// Retry delays: 1 s doubling to 5 min, with full jitter (a uniform draw below the ceiling), so
// devices that lost the network together do not come back in lockstep.
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 5 * 60 * 1000;

/** The ceiling for the n-th consecutive failure (n ≥ 1): 1 s, 2 s, 4 s, … capped at 5 min. */
export function backoffCeiling(failures: number): number {
  if (failures < 1) return 0;
  // 2^19 s already exceeds the cap; clamping the exponent keeps the arithmetic finite
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(failures - 1, 20));
}

/** The delay before the next attempt after `failures` consecutive failures; random() ∈ [0, 1). */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeiling(failures));
}
