// What loaders and the proxy see of the content service: one call by catalogue name, through the
// cache for read-only rows and straight through for writes. The gateway implements it; its failures
// are UpstreamErrors (upstream-error.ts).
import type { EndpointName } from '../../shared/endpoints.ts';

export type CacheStatus = 'HIT' | 'MISS' | 'STALE' | 'BYPASS';

export interface UpstreamCall {
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

export interface UpstreamResult<T> {
  /** The envelope's `data` (the envelope was checked: code 200). */
  data: T;
  cache: CacheStatus;
  /** Seconds since the upstream produced this answer. */
  ageS: number;
  /** Cache tags of the entry (endpoint name, channelNo, id): a page built on it records them. */
  tags: string[];
}

export interface UpstreamApi {
  call<T>(name: EndpointName, call?: UpstreamCall): Promise<UpstreamResult<T>>;
}
