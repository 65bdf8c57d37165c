// One submission of a filled-in form reaches the content service once. Both visitor forms carry a
// hidden form key; a repeat of the same key with the same content within the window (a double click
// without JavaScript, a resent POST after a slow answer, a reload of the POST result) joins the first
// call instead of writing again. The content takes part in the key, so two visitors who happen to
// share a key (a cached page) still each get their own, different message stored.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FormFailure } from '../../shared/message-form.ts';
import type { UpstreamError } from '../upstream/api.ts';

export const REPEAT_WINDOW_MS = 10 * 60_000;

export interface WriteOnce {
  /** Runs `write` unless the same key ran (or is running) within the window; then shares its result. */
  run<T>(parts: readonly unknown[], write: () => Promise<T>): Promise<{ result: T; repeated: boolean }>;
}

export function createWriteOnce(max = 10_000, ttlMs = REPEAT_WINDOW_MS): WriteOnce {
  const seen = new LRUCache<string, Promise<unknown>>({ max, ttl: ttlMs });
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

/** The edge's one guard for visitor writes (messages and questionnaire answers). */
export const visitorWrites: WriteOnce = createWriteOnce();

/**
 * The content service read the write and said no (a 400/422 answer, e.g. a message type its dictionary
 * does not have): the visitor can correct it, so its words are shown. Null for every other failure.
 */
export function serviceRefusal(err: UpstreamError): { status: number; detail: string } | null {
  const status = err.appCode !== undefined && err.appCode >= 400 && err.appCode < 500 ? err.appCode : err.httpStatus;
  if (status !== 400 && status !== 422) return null;
  const detail = (err.serviceMessage ?? err.message).trim().slice(0, 200);
  return { status, detail };
}

/** Why a write failed, as a visitor's form says it: too many tries (429), or try again later (503). */
export function writeFailure(err: UpstreamError): { failure: FormFailure; status: number } {
  const status = err.httpStatus ?? err.appCode;
  return status === 429 ? { failure: 'rate_limited', status: 429 } : { failure: 'upstream', status: 503 };
}
