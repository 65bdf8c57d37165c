// When to replace a worker that died. A worker that ran a while is replaced almost at once (a rare crash
// should cost little capacity); one that dies soon after each start is in a crash loop, so its
// replacements come later and later (doubling), and past a few in a row the primary stops replacing it
// rather than spin forking processes that die (the edge keeps serving on the other workers; when every
// worker has given up, the primary exits 1 so a supervisor sees it).
export interface RestartPolicy {
  /** A worker that lived this long counts as having started well; its death resets the count. */
  stableMs: number;
  /** Delay before the first replacement; doubled for each quick death in a row. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Quick deaths in a row after which the worker is not replaced again. */
  maxQuickDeaths: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  stableMs: 30_000,
  baseDelayMs: 250,
  maxDelayMs: 30_000,
  maxQuickDeaths: 6,
};

/** `delayMs` null: give up on this worker. `quickDeaths` is the count to keep for its next death. */
export function restartDelay(
  quickDeaths: number,
  livedMs: number,
  policy: Partial<RestartPolicy> = {},
): { delayMs: number | null; quickDeaths: number } {
  const p = { ...DEFAULT_RESTART_POLICY, ...policy };
  const count = livedMs >= p.stableMs ? 1 : quickDeaths + 1;
  if (count > p.maxQuickDeaths) return { delayMs: null, quickDeaths: count };
  return { delayMs: Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** (count - 1)), quickDeaths: count };
}
