// What loaders and the proxy see of the content service: one call by catalogue name, through the
// cache for read-only rows and straight through for writes. The gateway implements it.
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

export type UpstreamErrorCode =
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_NETWORK'
  | 'UPSTREAM_ABORTED'
  | 'UPSTREAM_HTTP'
  | 'UPSTREAM_BAD_PAYLOAD'
  | 'UPSTREAM_APP';

/** Every failure of a content-service call: a stable code, the HTTP status and app code when known. */
export class UpstreamError extends Error {
  readonly code: UpstreamErrorCode;
  readonly endpoint: string;
  readonly httpStatus: number | undefined;
  readonly appCode: number | undefined;
  /** What the service itself said (its envelope's `msg`), when it said something. */
  readonly serviceMessage: string | undefined;

  constructor(
    code: UpstreamErrorCode,
    message: string,
    details: { endpoint: string; httpStatus?: number; appCode?: number; serviceMessage?: string; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'UpstreamError';
    this.code = code;
    this.endpoint = details.endpoint;
    this.httpStatus = details.httpStatus;
    this.appCode = details.appCode;
    this.serviceMessage = details.serviceMessage || undefined;
  }

  /** The content service said the thing does not exist (HTTP 404 or app code 404). */
  get isNotFound(): boolean {
    return this.httpStatus === 404 || this.appCode === 404;
  }
}
