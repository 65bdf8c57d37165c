// Settings of the edge's process, made once at start by main.ts (and by the bench servers, as it does):
// how far the V8 heap may grow, and the process's logger. An app built in a test leaves its process alone.
import { setFlagsFromString } from 'node:v8';
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

/**
 * How far the V8 heap may grow past what is live before a full collection (HEAP_GROWTH_PERCENT). V8's
 * own policy lets the old generation reach several times its live size when collections look cheap;
 * under a churn of distinct pages that slack, not cached data, is most of the edge's RSS. A small
 * percentage keeps the heap close to its live size without more full collections under render load: a
 * bounded cache makes the old generation grow slowly (bench/soak.ts and bench/render-cpu.ts measure both).
 * V8 reads the flag at every collection, so setting it once at start holds for the process's life.
 */
export function applyHeapGrowth(percent: number): void {
  if (percent > 0) setFlagsFromString(`--heap-growing-percent=${percent}`);
}

const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

/**
 * pino writing JSON lines to stdout synchronously (an asynchronous destination hands every line to the
 * thread pool, which costs more than the write) and in batches of BATCH_BYTES, so many access lines share
 * one write(2). A timer flushes a quiet server's last lines; exit flushes the rest.
 */
export function createProcessLogger(level: LogLevel): Logger {
  const destination = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES });
  setInterval(() => destination.flushSync(), FLUSH_EVERY_MS).unref();
  process.on('exit', () => destination.flushSync());
  return pino({ level, name: 'edge' }, destination);
}
