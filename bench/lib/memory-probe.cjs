// Loaded into the edge by bench/soak.ts only (`node --expose-gc --require bench/lib/memory-probe.cjs
// dist/server/main.js`): answers the parent's IPC questions about this process's memory, so the soak can
// tell V8 heap from Buffers and native memory without any route in the product.
//   'mem' → process.memoryUsage()        'gc' → the same after a full collection (needs --expose-gc)
'use strict';

if (typeof process.send === 'function') {
  process.on('message', (m) => {
    if (m !== 'mem' && m !== 'gc') return;
    if (m === 'gc' && typeof globalThis.gc === 'function') {
      globalThis.gc();
      globalThis.gc();
    }
    process.send({ probe: m, ...process.memoryUsage() });
  });
  // The channel must not keep the edge alive, nor make it wait for the parent when it drains.
  process.channel?.unref();
}
