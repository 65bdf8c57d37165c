// A circuit breaker per endpoint: after a few transient failures in a row (timeout, network, 5xx) the
// service is known to be down for that call, and every request no longer waits a whole timeout to
// learn it again — calls fail at once (cached answers are then served stale) while one trial call per
// cool-down finds out whether the service is back. Any answer closes the circuit.

export interface Breaker {
  /** May a call go out now? False while open (one trial call is let through per cool-down). */
  allow(endpoint: string): boolean;
  /** The call got an answer (success or an application error): the service is there. */
  succeeded(endpoint: string): void;
  /** The call failed in a way that says the service is down or unwell. */
  failed(endpoint: string): void;
  /** Seconds until the next trial call, for the error message; 0 when closed. */
  retryInS(endpoint: string): number;
}

export interface BreakerOptions {
  now: () => number;
  /** Failures in a row that open the circuit. */
  threshold?: number;
  cooldownMs?: number;
}

interface State {
  failures: number;
  /** While open: when the next trial call may go. */
  openUntil: number;
}

export function createBreaker({ now, threshold = 3, cooldownMs = 5_000 }: BreakerOptions): Breaker {
  const states = new Map<string, State>();
  return {
    allow(endpoint) {
      const s = states.get(endpoint);
      if (!s || s.failures < threshold) return true;
      if (now() < s.openUntil) return false;
      // Half-open: this call is the trial; the others wait for its verdict a cool-down longer.
      s.openUntil = now() + cooldownMs;
      return true;
    },
    succeeded(endpoint) {
      states.delete(endpoint);
    },
    failed(endpoint) {
      const s = states.get(endpoint) ?? { failures: 0, openUntil: 0 };
      s.failures += 1;
      if (s.failures >= threshold && s.openUntil <= now()) s.openUntil = now() + cooldownMs;
      states.set(endpoint, s);
    },
    retryInS(endpoint) {
      const s = states.get(endpoint);
      return s && s.failures >= threshold ? Math.max(0, Math.ceil((s.openUntil - now()) / 1000)) : 0;
    },
  };
}
