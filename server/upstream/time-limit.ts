// One call's time limit and the caller's signal on one AbortSignal, and what a failure of it becomes:
// UPSTREAM_TIMEOUT, UPSTREAM_ABORTED or UPSTREAM_NETWORK (an UpstreamError passes through as it is).
import { UpstreamError } from './upstream-error.ts';

const TIMED_OUT = Symbol('timeout');

/** `work`'s result, or null when it takes longer than `limitMs` (`work` itself goes on). */
export async function within<T>(work: Promise<T>, limitMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), limitMs)));
  return Promise.race([work, limit]).finally(() => clearTimeout(timer));
}

/** Runs `work` under the call's time limit and the caller's signal; maps the failure to a code. */
export async function withinTimeLimit<T>(
  endpoint: string,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await work(controller.signal);
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    if (controller.signal.aborted) {
      if (controller.signal.reason === TIMED_OUT) {
        throw new UpstreamError('UPSTREAM_TIMEOUT', `timeout of ${timeoutMs} ms exceeded`, { endpoint, cause: err });
      }
      throw new UpstreamError('UPSTREAM_ABORTED', 'Request aborted', { endpoint, cause: err });
    }
    throw new UpstreamError('UPSTREAM_NETWORK', 'Network Error', { endpoint, cause: err });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
