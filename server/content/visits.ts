// Visits keep counting behind the cache: the content service counts a visit each time it answers a
// `countsVisit` row (queryArchivesById). When the edge answers such a read from its cache — an API hit,
// a page built on a cached article, a cached page — it tells the service once, after the visitor has
// the answer: the same call, uncached, its answer thrown away. Bounded: a few calls in flight and a
// short queue; when the service is too slow to keep up, visits are dropped and counted
// (`edge_visit_counts_total{outcome="dropped"}`) rather than piling up.
import { ENDPOINT_BY_NAME, type EndpointName, type EndpointSpec } from '../../shared/endpoints.ts';
import type { UpstreamClient } from '../upstream/client.ts';

export type VisitOutcome = 'sent' | 'failed' | 'dropped';

interface VisitCall {
  name: EndpointName;
  params: Record<string, string>;
  query: Record<string, string>;
}

export interface VisitCounter {
  /** Counts one visit of a call answered from cache (no-op for rows the service does not count). */
  count(spec: EndpointSpec, call: CallShape): void;
  /** Counts the visits a cached page was built on (its `visit:` tags). */
  countTags(tags: readonly string[]): void;
  /** Resolves when nothing is queued or in flight (tests, shutdown). */
  idle(): Promise<void>;
}

interface VisitCounterOptions {
  client: Pick<UpstreamClient, 'send'>;
  maxInFlight?: number;
  maxQueued?: number;
  onOutcome?: (outcome: VisitOutcome) => void;
}

const TAG = 'visit:';

type CallShape = { params?: Record<string, string | number>; query?: Record<string, string> };

/** The visit a call of a `countsVisit` row stands for; null for every other row. */
function visitOf(spec: EndpointSpec, call: CallShape): VisitCall | null {
  if (!spec.countsVisit) return null;
  const params = Object.fromEntries(Object.entries(call.params ?? {}).map(([k, v]) => [k, String(v)]));
  return { name: spec.name as EndpointName, params, query: call.query ?? {} };
}

/** The page-cache tag that replays a visit: `visit:` + the call as JSON. */
export function visitTag(spec: EndpointSpec, call: CallShape): string | null {
  const visit = visitOf(spec, call);
  return visit ? `${TAG}${JSON.stringify(visit)}` : null;
}

function fromTag(tag: string): VisitCall | null {
  if (!tag.startsWith(TAG)) return null;
  try {
    const call = JSON.parse(tag.slice(TAG.length)) as VisitCall;
    return ENDPOINT_BY_NAME[call.name]?.countsVisit ? call : null;
  } catch {
    return null;
  }
}

/** The ids of the articles whose views a page's `visit:` tags stand for (each once). */
export function visitedIdsOf(tags: readonly string[]): string[] {
  const ids: string[] = [];
  for (const tag of tags) {
    const id = fromTag(tag)?.params.id;
    if (id !== undefined && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

export function createVisitCounter({ client, maxInFlight = 4, maxQueued = 256, onOutcome }: VisitCounterOptions): VisitCounter {
  const queue: VisitCall[] = [];
  let inFlight = 0;
  let waiters: Array<() => void> = [];

  const settle = (): void => {
    if (inFlight > 0 || queue.length > 0) return;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  };

  const pump = (): void => {
    while (inFlight < maxInFlight && queue.length > 0) {
      const call = queue.shift()!;
      inFlight += 1;
      client
        .send({ spec: ENDPOINT_BY_NAME[call.name]!, params: call.params, query: call.query, requestId: 'visit' })
        .then(
          () => onOutcome?.('sent'),
          () => onOutcome?.('failed'),
        )
        .finally(() => {
          inFlight -= 1;
          pump();
          settle();
        });
    }
  };

  const enqueue = (call: VisitCall): void => {
    if (queue.length >= maxQueued) {
      onOutcome?.('dropped');
      return;
    }
    queue.push(call);
    // After the current answer has gone out: the visitor never waits for the count.
    setImmediate(pump);
  };

  return {
    count(spec, call) {
      const visit = visitOf(spec, call);
      if (visit) enqueue(visit);
    },
    countTags(tags) {
      for (const tag of tags) {
        const call = fromTag(tag);
        if (call) enqueue(call);
      }
    },
    idle: () => (inFlight === 0 && queue.length === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}
