// Loaded into the edge by bench/soak.ts only (`node --expose-gc --require bench/lib/memory-probe.cjs
// dist/server/main.js`): answers the parent's IPC questions about this process's memory, so the soak can
// tell V8 heap from Buffers and native memory without any route in the product.
//   'mem' → process.memoryUsage()        'gc' → the same after a full collection (needs --expose-gc)
// Both add `newSpace`: the bytes V8 has committed to its young generation (it grows under allocation and
// shrinks when idle, so it is part of what the soak sees grow that no cache holds).
'use strict';
const { getHeapSpaceStatistics } = require('node:v8');

if (typeof process.send === 'function') {
  process.on('message', (m) => {
    if (m !== 'mem' && m !== 'gc') return;
    if (m === 'gc' && typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    const newSpace = getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
    process.send({ probe: m, ...process.memoryUsage(), newSpace });
  });
  // The channel must not keep the edge alive, nor make it wait for the parent when it drains.
  process.channel?.unref();
}
