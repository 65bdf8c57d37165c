// The one error of a content-service call (timeouts, network, HTTP, unreadable answers, application
// codes), with a stable code the loaders, the proxy and the error pages decide on.

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
