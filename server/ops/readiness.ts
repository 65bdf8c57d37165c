// "Ready" = the content service answered recently and we are not draining. When nothing has asked the
// service for a while, a readiness check makes one light probe call (at most one at a time).
export interface Readiness {
  /** A call got an envelope back (success or an application error): the service is there. */
  markAnswered(): void;
  startDrain(): void;
  readonly draining: boolean;
  check(): Promise<{ ready: boolean; reason: string; lastAnswerAgoMs: number | null; detail: Record<string, unknown> }>;
}

export interface ReadinessOptions {
  now: () => number;
  /** How recent an answer has to be. */
  windowMs: number;
  /** One cheap upstream call; resolves when the service answered. */
  probe: () => Promise<void>;
  /** Shown with every answer, never deciding it (e.g. the Redis state: a down Redis must not make the edge unready). */
  detail?: () => Record<string, unknown>;
}

export function createReadiness({ now, windowMs, probe, detail }: ReadinessOptions): Readiness {
  let lastAnswer: number | null = null;
  let draining = false;
  let probing: Promise<void> | null = null;

  const recent = () => lastAnswer !== null && now() - lastAnswer <= windowMs;
  const state = (ready: boolean, reason: string) => ({
    ready,
    reason,
    lastAnswerAgoMs: lastAnswer === null ? null : now() - lastAnswer,
    detail: detail?.() ?? {},
  });

  return {
    markAnswered() {
      lastAnswer = now();
    },
    startDrain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
    async check() {
      if (draining) return state(false, 'draining');
      if (recent()) return state(true, 'upstream answered recently');
      probing ??= probe()
        .catch(() => undefined)
        .finally(() => {
          probing = null;
        });
      await probing;
      if (draining) return state(false, 'draining');
      return recent() ? state(true, 'upstream answered') : state(false, 'upstream has not answered recently');
    },
  };
}
