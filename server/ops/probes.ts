// GET /healthz (the process serves; never calls upstream), GET /readyz (upstream answered recently and
// not draining; its detail, e.g. `redis`, is shown but never decides it), GET /metrics (Prometheus text).
// Each answers its exact path alone: `/metrics/`, `/METRICS` or `/Metrics` are page addresses like any
// other, so a proxy rule that hides `/metrics` hides the only spelling the edge answers.
import { Router } from 'express';
import { setRouteId } from '../http-context.ts';
import type { EdgeMetrics } from './metrics.ts';
import type { Readiness } from './readiness.ts';

export function probesRouter({ readiness, metrics }: { readiness: Readiness; metrics: EdgeMetrics }): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.get('/healthz', (_req, res) => {
    setRouteId(res, 'healthz');
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    setRouteId(res, 'readyz');
    const state = await readiness.check();
    res
      .status(state.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: state.ready ? 'ready' : 'not ready', reason: state.reason, lastUpstreamAnswerMsAgo: state.lastAnswerAgoMs, ...state.detail });
  });
  router.get('/metrics', async (_req, res) => {
    setRouteId(res, 'metrics');
    res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store').send(await metrics.registry.metrics());
  });
  return router;
}
