// A closed-loop load generator: `concurrency` loops each awaiting one request at a time, for a fixed
// time after a warm-up. Bounded in time by construction; errors are counted, not thrown.
import { performance } from 'node:perf_hooks';
import { summarize, type LoadFigures } from './stats.ts';

export interface LoadOptions {
  concurrency: number;
  durationMs: number;
  warmupMs?: number;
  /** One request; resolves when the whole answer has been read, rejects on a failure. */
  send: () => Promise<void>;
}

export async function runLoad(options: LoadOptions): Promise<LoadFigures> {
  const { concurrency, durationMs, warmupMs = 500, send } = options;
  const latencies: number[] = [];
  let errors = 0;
  let recording = false;
  const start = performance.now();
  const warmEnd = start + warmupMs;
  const end = warmEnd + durationMs;
  const loop = async (): Promise<void> => {
    for (;;) {
      const t0 = performance.now();
      if (t0 >= end) return;
      if (!recording && t0 >= warmEnd) recording = true;
      try {
        await send();
        if (t0 >= warmEnd) latencies.push(performance.now() - t0);
      } catch {
        if (t0 >= warmEnd) errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return summarize(latencies, errors, durationMs / 1000);
}
