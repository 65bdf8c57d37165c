// The UpstreamApi of server/upstream/api.ts: one call by catalogue name, read-only rows through the
// response cache, writes straight to the service (never cached, coalesced or retried). The proxy uses
// `answer()` to get the raw bytes; loaders use `call()` and get a fresh copy of `data` each time.
// After a write, what it made out of date is purged (server/writes/after-write.ts).
import type { Logger } from 'pino';
import type { EndpointName, EndpointSpec } from '../../shared/endpoints.ts';
import type { CacheStatus, UpstreamApi, UpstreamCall, UpstreamResult } from './api.ts';
import { UpstreamError } from './upstream-error.ts';
import type { CacheEntry, ResponseCache } from './cache.ts';
import type { UpstreamClient } from './client.ts';
import { cacheKey, tagsOf } from './keys.ts';
import { readPayload } from './payloads.ts';
import { specOf, type TtlPolicy } from './policy.ts';
import { visitTag, type VisitCounter } from './visits.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import { staleAfterWrite } from '../writes/after-write.ts';

export interface GatewayAnswer {
  /** The envelope bytes as the service sent them. */
  raw: Buffer;
  gzip: Buffer | null;
  etag: string | null;
  cache: CacheStatus;
  ageS: number;
  tags: string[];
}

export interface Gateway extends UpstreamApi {
  answer(name: EndpointName, call?: UpstreamCall): Promise<GatewayAnswer>;
  /** A fresh cached answer of a read-only call, or null; synchronous (the hit fast path). */
  freshHit(name: EndpointName, call: UpstreamCall): GatewayAnswer | null;
  /** The same hit as the cache entry itself (the front door keeps its prepared answer beside it). */
  freshEntry(name: EndpointName, call: UpstreamCall): { entry: CacheEntry; ageS: number } | null;
}

export interface GatewayOptions {
  client: UpstreamClient;
  cache: ResponseCache;
  ttlFor: TtlPolicy;
  now: () => number;
  /** Tells the service about visits it did not see because the edge answered from cache. */
  visits?: VisitCounter;
  logger?: Logger;
  /** Told how every read-only call was answered (HIT, MISS, STALE, BYPASS), by endpoint: the operator figures. */
  onLookup?: (endpoint: EndpointName, status: CacheStatus) => void;
}

/**
 * One view per read of a `countsVisit` row: the service counts the call it answers, so a read whose own
 * call reached it is counted there; any other read (a hit, a stale answer, a wait on another request's
 * call) is told to it, and so is a read whose own call failed (its stale answer was served). With a
 * second tier a refresh may call the service after this is decided: that view is counted twice.
 */
function countView(visits: VisitCounter, spec: EndpointSpec, request: UpstreamCall, own: Promise<unknown> | null): void {
  if (own === null) visits.count(spec, request);
  else void own.catch(() => visits.count(spec, request));
}

export function createGateway({ client, cache, ttlFor, now, visits, logger, onLookup }: GatewayOptions): Gateway {
  /** Endpoints whose unreadable answer was logged already: once each, not once per page view. */
  const loggedShapes = new Set<string>();
  /**
   * Checked payloads by the bytes they came from: a cached answer (the channel tree, a list) is parsed and
   * checked once, not once per render (zod was ~10% of a list page's render). Deep-frozen, so the loaders
   * that share it cannot change it; dropped with the cache entry's bytes.
   */
  const parsed = new WeakMap<Buffer, unknown>();
  function parse(name: EndpointName, raw: Buffer, requestId?: string): unknown {
    const envelope = JSON.parse(raw.toString('utf8')) as { data: unknown };
    const read = readPayload(name, envelope.data);
    if (!read.ok) {
      if (!loggedShapes.has(name)) {
        loggedShapes.add(name);
        logger?.warn({ reqId: requestId, endpoint: name, problem: read.problem }, `unusable answer of ${name}: ${read.problem}`);
      }
      throw new UpstreamError('UPSTREAM_BAD_PAYLOAD', `Invalid answer: ${read.problem}`, { endpoint: name });
    }
    const data = deepFreeze(read.data);
    parsed.set(raw, data);
    return data;
  }

  const fromEntry = (entry: CacheEntry, status: GatewayAnswer['cache']): GatewayAnswer => ({
    raw: entry.raw,
    gzip: entry.gzip,
    etag: entry.etag,
    cache: status,
    ageS: Math.max(0, Math.floor((now() - entry.storedAt) / 1000)),
    tags: [...entry.tags],
  });

  async function answer(name: EndpointName, call: UpstreamCall = {}): Promise<GatewayAnswer> {
    const spec = specOf(name);
    const request = { spec, params: call.params, query: call.query, body: call.body, requestId: call.requestId };
    const ttlS = ttlFor(name);
    if (spec.write || ttlS === 0) {
      if (!spec.write) call.onMiss?.();
      const { raw } = await client.send(request);
      if (spec.write) {
        for (const allTags of staleAfterWrite(name, call)) cache.purge({ allTags });
      } else onLookup?.(name, 'BYPASS');
      return { raw, gzip: null, etag: null, cache: 'BYPASS', ageS: 0, tags: [spec.name] };
    }
    const key = cacheKey(spec, request);
    // The service call this lookup makes itself, if any (lru-cache runs the fetch of the call that starts it).
    let own = null as Promise<unknown> | null;
    const { entry, status } = await cache.lookup(key, {
      endpoint: spec.name,
      ttlS,
      // Worked out only when an answer is stored (hits read them from the entry).
      tags: () => {
        const visit = visitTag(spec, request);
        return visit ? [...tagsOf(spec, request, key), visit] : tagsOf(spec, request, key);
      },
      load: async () => {
        const sending = client.send(request);
        own = sending;
        return (await sending).raw;
      },
      onFill: call.onMiss,
      preferFresh: call.preferFresh,
    });
    if (visits && spec.countsVisit) countView(visits, spec, request, own);
    onLookup?.(name, status);
    return fromEntry(entry, status);
  }

  function freshEntry(name: EndpointName, call: UpstreamCall): CacheEntry | null {
    const spec = specOf(name);
    if (spec.write || ttlFor(name) === 0) return null;
    const request = { params: call.params, query: call.query, body: call.body };
    const entry = cache.peekFresh(cacheKey(spec, request));
    if (!entry) return null;
    visits?.count(spec, request);
    onLookup?.(name, 'HIT');
    return entry;
  }

  return {
    answer,
    freshHit(name, call) {
      const entry = freshEntry(name, call);
      return entry ? fromEntry(entry, 'HIT') : null;
    },
    freshEntry(name, call) {
      const entry = freshEntry(name, call);
      return entry ? { entry, ageS: Math.max(0, Math.floor((now() - entry.storedAt) / 1000)) } : null;
    },
    async call<T>(name: EndpointName, call?: UpstreamCall): Promise<UpstreamResult<T>> {
      const result = await answer(name, call);
      const data = parsed.get(result.raw) ?? parse(name, result.raw, call?.requestId);
      return { data: data as T, cache: result.cache, ageS: result.ageS, tags: result.tags };
    },
  };
}
