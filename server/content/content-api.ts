// The content API: the content service as the rest of the edge calls it, one call by catalogue name —
// read-only rows through the response cache, writes straight to the service (never cached, coalesced
// or retried), and what a write made out of date purged right after it answered. Loaders see only
// `call()` (ContentCaller), which gives a checked, shared copy of `data`; the proxy uses `answer()` for
// the raw bytes and the front door `freshEntry()` for a hit without waiting. Failures are UpstreamErrors.
import type { Logger } from 'pino';
import { createHash } from 'node:crypto';
import { buildPath, type EndpointName, type EndpointSpec } from '../../shared/endpoints.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { CacheStatus } from '../cache/kit.ts';
import type { CacheEntry, ResponseCache } from '../cache/response-cache.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { readPayload } from '../upstream/payloads.ts';
import { specOf, type TtlPolicy } from './lifetimes.ts';
import { visitTag, type VisitCounter } from './visits.ts';

export interface ContentCall {
  /** `:param` values of the catalogue path. */
  params?: Record<string, string | number>;
  /** Query-string values (only the catalogue row's `query` names are sent). */
  query?: Record<string, string>;
  /** JSON body for POST rows. */
  body?: unknown;
  /** The request id of the visitor request this call serves, for the logs. */
  requestId?: string;
  /**
   * Wait for a fresh answer rather than take one inside its revalidate window: a page re-rendered in the
   * background has no visitor waiting, and a page built on stale data would not be kept.
   */
  preferFresh?: boolean;
  /**
   * Told at once when answering a read fills the cache with an answer it does not hold (a miss this
   * request caused), or calls the service for an endpoint that is not cached: not a refresh of a stored
   * answer, nor a wait on another request's call.
   */
  onMiss?: () => void;
}

export interface ContentResult<T> {
  /** The envelope's `data` (the envelope was checked: code 200). */
  data: T;
  cache: CacheStatus;
  /** Seconds since the upstream produced this answer. */
  ageS: number;
  /** Cache tags of the entry (endpoint name, channelNo, id): a page built on it records them. */
  tags: string[];
}

/** What loaders, pages, discovery and the write checks call: reads and writes by catalogue name. */
export interface ContentCaller {
  call<T>(name: EndpointName, call?: ContentCall): Promise<ContentResult<T>>;
}

/** An answer as the service sent it, with what the cache knows of it. */
export interface ContentAnswer {
  /** The envelope bytes as the service sent them. */
  raw: Buffer;
  gzip: Buffer | null;
  etag: string | null;
  cache: CacheStatus;
  ageS: number;
  tags: string[];
}

export interface ContentApi extends ContentCaller {
  answer(name: EndpointName, call?: ContentCall): Promise<ContentAnswer>;
  /** A fresh cached answer of a read-only call as the cache entry itself, or null; synchronous (the hit fast path). */
  freshEntry(name: EndpointName, call: ContentCall): { entry: CacheEntry; ageS: number } | null;
}

interface ContentApiOptions {
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

// ---- Keys and tags: what identifies a cached answer, what purges it, what a write makes out of date ----
// The key never holds the signed headers (they change on every call); bodies are compared as canonical
// JSON, the form the upstream client sends, so key order does not matter.

interface CallShape {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
}

/**
 * `METHOD /path?query canonical-body`, e.g. `POST /api/queryArchivesList {"entity":{…},"param":{…}}`.
 * @internal test hook: the keying rules are tested on their own, and the Redis tests find entries by key.
 */
export function cacheKey(spec: EndpointSpec, call: CallShape): string {
  const path = buildPath(spec, call.params);
  // The query is the call's own (filtered once where a browser's request became a call: proxy/calls.ts).
  const entries = call.query ? Object.entries(call.query) : [];
  const query = entries.length === 0 ? '' : new URLSearchParams(entries.sort(([a], [b]) => (a < b ? -1 : 1))).toString();
  const head = `${spec.method} ${path}${query ? `?${query}` : ''}`;
  return spec.method === 'POST' ? `${head} ${canonicalJson(call.body ?? {})}` : head;
}

/** A tag naming one entry, so a page built on it can be purged with it. */
export function entryTag(key: string): string {
  return `entry:${createHash('sha1').update(key).digest('base64url').slice(0, 16)}`;
}

/**
 * Purge handles of one answer: the endpoint name, `channel:<channelNo>` for every channel it lists and
 * `id:<id>` for the record it is about, plus its own entry tag.
 */
function tagsOf(spec: EndpointSpec, call: CallShape, key: string): string[] {
  const tags = new Set<string>([spec.name]);
  const body = asRecord(call.body);
  const entity = asRecord(body?.entity);
  const searchMap = asRecord(body?.searchMap);
  for (const channel of [call.params?.channelNo, entity?.channelNo, searchMap?.channelNo].flatMap(channelList)) {
    tags.add(`channel:${channel}`);
  }
  const id = call.params?.id ?? body?.questionnaireId ?? entity?.questionnaireId;
  if (typeof id === 'string' || typeof id === 'number') tags.add(`id:${id}`);
  tags.add(entryTag(key));
  return [...tags];
}

function channelList(value: unknown): string[] {
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  if (typeof value === 'number') return [String(value)];
  if (Array.isArray(value)) return value.flatMap(channelList);
  return [];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/**
 * What a successful visitor write makes out of date in the response cache (and so, by tag, in the page
 * cache), as tag sets: an entry goes when it has every tag of one set. Likes change an article's counts,
 * a message the message list and the visit figures, an answer its questionnaire's results.
 */
const AFTER_WRITE: Partial<Record<EndpointName, (call: CallShape) => string[][]>> = {
  addMessage: () => [['queryMessageList'], ['getSiteVisitCount']],
  addQuestionnaireRecord: (call) => [['getQuestionnaireResultInfo', `id:${(call.body as { questionnaireId?: unknown })?.questionnaireId}`]],
  doStarByArcId: (call) => [['queryArchivesById', `id:${call.params?.id}`]],
  cancelStarByActId: (call) => [['queryArchivesById', `id:${call.params?.id}`]],
};

/** The tag sets to purge after `name` wrote `call` (none for a write that changes nothing cached). */
function staleAfterWrite(name: EndpointName, call: CallShape): string[][] {
  return AFTER_WRITE[name]?.(call) ?? [];
}

// ---- The API ----

/**
 * One view per read of a `countsVisit` row: the service counts the call it answers, so a read whose own
 * call reached it is counted there; any other read (a hit, a stale answer, a wait on another request's
 * call) is told to it, and so is a read whose own call failed (its stale answer was served). With a
 * second tier a refresh may call the service after this is decided: that view is counted twice.
 */
function countView(visits: VisitCounter, spec: EndpointSpec, request: ContentCall, own: Promise<unknown> | null): void {
  if (own === null) visits.count(spec, request);
  else void own.catch(() => visits.count(spec, request));
}

/**
 * Checked payloads by the bytes they came from: a cached answer (the channel tree, a list) is parsed and
 * checked once, not once per render. Deep-frozen, so the loaders that share it cannot change it; dropped
 * with the cache entry's bytes. An unusable answer is logged once per endpoint, not once per page view.
 */
function payloadReader(logger: Logger | undefined): (name: EndpointName, raw: Buffer, requestId?: string) => unknown {
  const loggedShapes = new Set<string>();
  const parsed = new WeakMap<Buffer, unknown>();
  return (name, raw, requestId) => {
    const known = parsed.get(raw);
    if (known !== undefined) return known;
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
  };
}

export function createContentApi({ client, cache, ttlFor, now, visits, logger, onLookup }: ContentApiOptions): ContentApi {
  const payloadOf = payloadReader(logger);
  const fromEntry = (entry: CacheEntry, status: ContentAnswer['cache']): ContentAnswer => ({
    raw: entry.raw,
    gzip: entry.gzip,
    etag: entry.etag,
    cache: status,
    ageS: Math.max(0, Math.floor((now() - entry.storedAt) / 1000)),
    tags: [...entry.tags],
  });

  async function answer(name: EndpointName, call: ContentCall = {}): Promise<ContentAnswer> {
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

  return {
    answer,
    freshEntry(name, call) {
      const spec = specOf(name);
      if (spec.write || ttlFor(name) === 0) return null;
      const request = { params: call.params, query: call.query, body: call.body };
      const entry = cache.peekFresh(cacheKey(spec, request));
      if (!entry) return null;
      // Only an article read counts a visit at the service (the counter is not asked about any other row).
      if (spec.countsVisit) visits?.count(spec, request);
      onLookup?.(name, 'HIT');
      return { entry, ageS: Math.max(0, Math.floor((now() - entry.storedAt) / 1000)) };
    },
    async call<T>(name: EndpointName, call?: ContentCall): Promise<ContentResult<T>> {
      const result = await answer(name, call);
      const data = payloadOf(name, result.raw, call?.requestId);
      return { data: data as T, cache: result.cache, ageS: result.ageS, tags: result.tags };
    },
  };
}
