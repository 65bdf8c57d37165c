// Fault knobs for tests and benchmarks: added latency, and failures at a rate with a status. All 0 is
// off. The random source is injected (a seeded one by default) so a failure pattern is repeatable.
import { setTimeout as sleep } from 'node:timers/promises';
import { mulberry32 } from './db/demo/prng.ts';

export interface Faults {
  latencyMs: number;
  failStatus: number;
  failRate: number;
}

const NO_FAULTS: Readonly<Faults> = Object.freeze({ latencyMs: 0, failStatus: 0, failRate: 0 });

/** The status of an injected failure when only a rate is set. */
const DEFAULT_FAIL_STATUS = 503;

interface FaultControl {
  set(f: Partial<Faults>): void;
  reset(): void;
  current(): Faults;
}

function checked(f: Faults): Faults {
  if (!Number.isFinite(f.latencyMs) || f.latencyMs < 0 || f.latencyMs > 600_000) {
    throw new RangeError(`fault latencyMs must be between 0 and 600000, not ${f.latencyMs}`);
  }
  if (!(f.failStatus === 0 || (Number.isInteger(f.failStatus) && f.failStatus >= 400 && f.failStatus <= 599))) {
    throw new RangeError(`fault failStatus must be 0 or an HTTP error status (400–599), not ${f.failStatus}`);
  }
  if (!Number.isFinite(f.failRate) || f.failRate < 0 || f.failRate > 1) {
    throw new RangeError(`fault failRate must be between 0 and 1, not ${f.failRate}`);
  }
  return f;
}

export function createFaults(
  initial: Partial<Faults> = {},
  random: () => number = mulberry32(1),
): FaultControl & { apply(): Promise<number | null> } {
  let current = checked({ ...NO_FAULTS, ...initial });
  return {
    set(f) {
      current = checked({ ...current, ...f });
    },
    reset() {
      current = { ...NO_FAULTS };
    },
    current: () => ({ ...current }),
    /** Waits the added latency; returns the status to fail with, or null to go on. */
    async apply() {
      const { latencyMs, failRate, failStatus } = current;
      if (latencyMs > 0) await sleep(latencyMs);
      if (failRate > 0 && random() < failRate) return failStatus || DEFAULT_FAIL_STATUS;
      return null;
    },
  };
}
