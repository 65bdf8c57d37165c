// How far the V8 heap may grow past what is live before a full collection (HEAP_GROWTH_PERCENT).
// V8's own policy lets the old generation reach up to four times its live size when collections look
// cheap; under a churn of distinct pages that slack — not cached data — was most of the edge's RSS
// (bench/soak.ts; README "Figures"). 25% took the soak's growth from +214 to +42–66 MiB; 10% (the
// default) to +22–32 MiB over the warm idle (five runs), with no more full collections under render load
// than at 25% (38 against 45 in the same rounds of bench/render-cpu.ts, --trace-gc): a bounded cache makes
// the old generation grow slowly. The flag is read at every collection, so setting it once at start holds
// for the process's life. main.ts calls this (and the bench servers, as it does); an app built in a test
// leaves its process's heap alone.
import { setFlagsFromString } from 'node:v8';

export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}
