// What the orchestrator and Prometheus ask: liveness on GET /healthz (the front door's part: a prepared
// answer, never Express, never the content service), readiness on GET /readyz, and GET /metrics
// (Prometheus text), Express's part. Each answers its exact path alone: `/metrics/`, `/METRICS` or
// `/Metrics` are page addresses like any other, so a proxy rule that hides `/metrics` hides the only
// spelling the edge answers.
//
// "Ready" = the content service answered recently and we are not draining. When nothing has asked the
// service for a while, a readiness check makes one light probe call (at most one at a time). Its detail
// (e.g. `redis`) is shown but never decides it.
import { Router } from 'express';
import { preparedOf, sendPrepared } from '../http/prepared.ts';
import { beginDoorRequest, setRouteId, type DoorPart, type RequestLogDeps } from '../http/request-log.ts';
import type { SecurityHeaders } from '../http/security.ts';
import type { EdgeMetrics } from './metrics.ts';

/** The paths the probes answer, exactly. */
export const PROBE_PATHS = ['/healthz', '/readyz', '/metrics'] as const;

export interface Readiness {
  /** A call got an envelope back (success or an application error): the service is there. */
  markAnswered(): void;
  startDrain(): void;
  readonly draining: boolean;
  check(): Promise<{ ready: boolean; reason: string; lastAnswerAgoMs: number | null; detail: Record<string, unknown> }>;
}

interface ReadinessOptions {
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

/** The door's part: GET or HEAD /healthz, `{"status":"ok"}` from memory; everything else goes on. */
export function healthAtDoor(security: SecurityHeaders, log: RequestLogDeps): DoorPart {
  const health = preparedOf(
    200,
    [...security, ['Content-Type', 'application/json; charset=utf-8'], ['Cache-Control', 'no-store']],
    'W/"f-ok"',
    Buffer.from('{"status":"ok"}'),
    null,
  );
  return (req, res, started, next) => {
    if (req.url !== '/healthz' || (req.method !== 'GET' && req.method !== 'HEAD')) return next(req, res);
    const sending = beginDoorRequest(req, res, log, started);
    setRouteId(res, 'healthz');
    sendPrepared(req, res, health, sending);
  };
}

/** Express's part: GET /readyz and GET /metrics, at exactly those paths: case-sensitive, no trailing slash. */
export function probesRouter({ readiness, metrics }: { readiness: Readiness; metrics: EdgeMetrics }): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get('/readyz', async (_req, res) => {
    setRouteId(res, 'readyz');
    const state = await readiness.check();
    res
      .status(state.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: state.ready ? 'ready' : 'not ready',
        reason: state.reason,
        lastUpstreamAnswerMsAgo: state.lastAnswerAgoMs,
        ...state.detail,
      });
  });
  router.get('/metrics', async (_req, res) => {
    setRouteId(res, 'metrics');
    res
      .set('Content-Type', metrics.registry.contentType)
      .set('Cache-Control', 'no-store')
      .send(await metrics.registry.metrics());
  });
  return router;
}
