// One submission of a filled-in form reaches the content service once. Both visitor forms carry a
// hidden form key; a repeat of the same key with the same content within the window (a double click
// without JavaScript, a resent POST after a slow answer, a reload of the POST result) joins the first
// call instead of writing again. The content takes part in the key, so two visitors who happen to
// share a key (a cached page) still each get their own, different message stored.
// One guard per app: createApp makes it and hands it to the page router, which gives it to the actions
// (ActionContext.writeOnce).
import { createHash } from 'node:crypto';
import { recentByCount } from '../cache/policies.ts';

const REPEAT_WINDOW_MS = 10 * 60_000;

export interface WriteOnce {
  /** Runs `write` unless the same key ran (or is running) within the window; then shares its result. */
  run<T>(parts: readonly unknown[], write: () => Promise<T>): Promise<{ result: T; repeated: boolean }>;
}

export function createWriteOnce(max = 10_000, ttlMs = REPEAT_WINDOW_MS): WriteOnce {
  // Each key is forgotten after the window; the least recent go first when `max` are held.
  const seen = recentByCount<Promise<unknown>>({ max, ttlMs });
  return {
    async run<T>(parts: readonly unknown[], write: () => Promise<T>) {
      const key = createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
      const running = seen.get(key) as Promise<T> | undefined;
      if (running) return { result: await running, repeated: true };
      const call = write();
      seen.set(key, call);
      try {
        return { result: await call, repeated: false };
      } catch (err) {
        // A failed write may be tried again with the same form.
        if (seen.get(key) === call) seen.delete(key);
        throw err;
      }
    },
  };
}
