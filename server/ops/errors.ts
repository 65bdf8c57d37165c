// Every error answer of the edge: JSON `{ code, msg }` with the right status and a message a person
// understands, or a short HTML page for document requests. Never a stack; the log gets it with the id.
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { ENDPOINT_BY_NAME, type EndpointName } from '../../shared/endpoints.ts';
import { UpstreamError } from '../upstream/upstream-error.ts';
import { requestIdOf } from '../http-context.ts';
import { BODY_LIMIT_BYTES } from '../proxy/body.ts';
import { MAX_JSON_DEPTH, tooDeepMessage } from '../proxy/json-limits.ts';
import { bareErrorPageHtml } from '../render/error-page.ts';

export interface ErrorAnswer {
  status: number;
  /** The envelope code (the HTTP status, or the service's own code for application errors). */
  code: number;
  msg: string;
  /** A stable name of what went wrong, when it says more than the call's error code. */
  error?: string;
}

const isWrite = (err: UpstreamError): boolean => ENDPOINT_BY_NAME[err.endpoint as EndpointName]?.write === true;

/** The HTTP statuses of a service that read a write and turned it down (bad input, a closed questionnaire). */
const REFUSAL_STATUSES: ReadonlySet<number> = new Set([400, 409, 422]);

/**
 * A write the service turned down in its own envelope (`{code, msg}`: a closed questionnaire, a refused
 * message): its words are the answer the visitor needs, as they are. Null for anything else, such as a
 * 404 of a router that does not know the path.
 */
function writeRefusal(err: UpstreamError): ErrorAnswer | null {
  if (!isWrite(err) || err.serviceMessage === undefined) return null;
  if (err.code === 'UPSTREAM_APP') return { status: err.httpStatus ?? 200, code: err.appCode ?? 500, msg: err.serviceMessage };
  const status = err.httpStatus ?? 502;
  return err.code === 'UPSTREAM_HTTP' && REFUSAL_STATUSES.has(status) ? { status, code: status, msg: err.serviceMessage } : null;
}

/** A service's HTTP failure in our words: its own text (a gateway's page, its router's "Not found: GET /…") stays in the log. */
function httpFailureAnswer(status: number): ErrorAnswer {
  if (status === 401 || status === 403) {
    return { status: 502, code: 502, msg: `The content service refused the edge's signature (HTTP ${status})` };
  }
  if (status === 404) return { status, code: status, msg: 'Not found: the content service has no answer for this call', error: 'NOT_FOUND' };
  if (status >= 400 && status < 500) return { status, code: status, msg: `The content service could not answer this call (HTTP ${status})` };
  return { status: 502, code: 502, msg: `The content service failed (HTTP ${status})` };
}

/**
 * How a failed content-service call looks to a browser or an API client. The words are the edge's own:
 * what the service said on failing is logged with the request id where the call failed
 * (upstream/client.ts), never passed on, except a write's refusal in its envelope (writeRefusal).
 */
export function upstreamErrorAnswer(err: UpstreamError): ErrorAnswer {
  const refusal = writeRefusal(err);
  if (refusal) return refusal;
  switch (err.code) {
    // These messages are the edge's own (time-limit.ts, client.ts, envelope.ts, payloads.ts).
    case 'UPSTREAM_TIMEOUT':
      return { status: 504, code: 504, msg: `The content service did not answer in time (${err.message})` };
    case 'UPSTREAM_NETWORK':
      return { status: 502, code: 502, msg: `The content service cannot be reached (${err.message})` };
    case 'UPSTREAM_ABORTED':
      return { status: 502, code: 502, msg: `The call to the content service was cut off (${err.message})` };
    case 'UPSTREAM_BAD_PAYLOAD':
      return { status: 502, code: 502, msg: `The content service sent an answer the edge cannot read (${err.message})` };
    case 'UPSTREAM_HTTP':
      return httpFailureAnswer(err.httpStatus ?? 502);
    case 'UPSTREAM_APP':
      // An answer, passed on with the service's status and code; its text may be anything the service says.
      return { status: err.httpStatus ?? 200, code: err.appCode ?? 500, msg: `The content service could not answer this call (code ${err.appCode ?? 500})` };
  }
}

/**
 * JSON with `<`, `>` and `&` as \u escapes: messages may quote the caller's path or input, and an
 * answer must never carry a live `<script` (for a browser that sniffs, or a log viewer that renders).
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The `{ code, msg }` answer on a plain node:http response (the hit fast path runs before Express). */
export function writeJsonError(res: ServerResponse, answer: ErrorAnswer, requestId: string | undefined): void {
  const body = safeJson({ code: answer.code, msg: answer.msg, data: null, requestId });
  res.statusCode = answer.status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

export function sendJsonError(res: Response, answer: ErrorAnswer, extra: Record<string, unknown> = {}): void {
  res
    .status(answer.status)
    .set('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(safeJson({ code: answer.code, msg: answer.msg, data: null, ...extra, requestId: requestIdOf(res) }));
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

const sizeOf = (bytes: number): string => (bytes % 1024 === 0 ? `${bytes / 1024} KB` : `${bytes} bytes`);

/** What a caller is told about a body the edge would not read (raw-body's and body.ts's `type`s). */
function bodyAnswer(err: BodyParserError): ErrorAnswer | null {
  switch (err.type) {
    case 'entity.too.large':
      return { status: 413, code: 413, msg: `The request body is larger than ${sizeOf(err.limit ?? BODY_LIMIT_BYTES)}` };
    case 'entity.too.deep':
      return { status: 400, code: 400, msg: tooDeepMessage(err.limit ?? MAX_JSON_DEPTH) };
    case 'entity.parse.failed':
      return { status: 400, code: 400, msg: 'The request body is not valid JSON' };
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return { status: 415, code: 415, msg: 'The request body must be JSON in UTF-8' };
    case 'request.size.invalid':
      return { status: 400, code: 400, msg: 'The request body is not as long as its Content-Length says' };
    case 'request.aborted':
      return { status: 400, code: 400, msg: 'The request body was cut off' };
    default:
      return null;
  }
}

function answerFor(err: unknown): ErrorAnswer | null {
  if (err instanceof UpstreamError) return upstreamErrorAnswer(err);
  if (err === null || typeof err !== 'object') return null;
  const known = bodyAnswer(err as BodyParserError);
  if (known) return known;
  const status = (err as BodyParserError).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, code: status, msg: 'The request cannot be served' };
  return null;
}

function wantsHtml(req: Request): boolean {
  return req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    const known = answerFor(err);
    const answer = known ?? { status: 500, code: 500, msg: 'Internal server error' };
    const log = { reqId: requestIdOf(res), method: req.method, url: req.originalUrl, status: answer.status, err };
    if (known && answer.status < 500) logger.info(log, answer.msg);
    else logger.error(log, known ? answer.msg : 'unhandled error');
    if (res.headersSent) {
      next(err); // Express ends the broken response
      return;
    }
    if (wantsHtml(req)) {
      res.status(answer.status).set('Cache-Control', 'no-store').type('html').send(bareErrorPageHtml(answer.status));
      return;
    }
    sendJsonError(res, answer, answer.error === undefined ? {} : { error: answer.error });
  };
}
