// The process's logger: pino writing JSON lines to stdout synchronously (no thread-pool hand-off per
// line: bench/proxy.ts measured an async destination at half the throughput), in 4 KiB batches — one
// write(2) per ~15 access lines instead of one each, which was ~8% of a cached page's CPU in the
// front-door bench's profile. A second-long timer flushes a quiet server's last lines; exit flushes the rest.
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

const BATCH_BYTES = 4096;
const FLUSH_EVERY_MS = 1000;

export function createProcessLogger(level: LogLevel): Logger {
  const destination = pino.destination({ dest: 1, sync: true, minLength: BATCH_BYTES });
  setInterval(() => destination.flushSync(), FLUSH_EVERY_MS).unref();
  process.on('exit', () => destination.flushSync());
  return pino({ level, name: 'edge' }, destination);
}
