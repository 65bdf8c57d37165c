// How far the V8 heap may grow past what is live before a full collection (HEAP_GROWTH_PERCENT).
// V8's own policy lets the old generation reach up to four times its live size when collections look
// cheap; under a churn of distinct pages that slack — not cached data — was most of the edge's RSS
// (bench/soak.ts; README "Figures"). At 25% bench/render-cpu.ts saw no more CPU per render than at V8's
// own; lower values buy memory with more full collections. The flag is read at every collection, so setting it once
// at start holds for the process's life. Only main.ts calls this: an app built in a test leaves its
// process's heap alone.
import { setFlagsFromString } from 'node:v8';

export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
