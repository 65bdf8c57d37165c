// Every error answer of the edge: JSON `{ code, msg }` with the right status and a message a person
// understands, or a short HTML page for document requests. Never a stack; the log gets it with the id.
import type { ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Request } from 'express';
import type { Logger } from 'pino';
import { requestIdOf } from './request-log.ts';
import { BODY_LIMIT_BYTES } from './body.ts';
import { MAX_JSON_DEPTH, tooDeepMessage } from './body.ts';

export interface ErrorAnswer {
  status: number;
  /** The envelope code (the HTTP status, or the service's own code for application errors). */
  code: number;
  msg: string;
  /** A stable name of what went wrong, when it says more than the call's error code. */
  error?: string;
}

/**
 * JSON with `<`, `>` and `&` as \u escapes: messages may quote the caller's path or input, and an
 * answer must never carry a live `<script` (for a browser that sniffs, or a log viewer that renders).
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The `{ code, msg }` answer, never stored, with the request's id; on any response, Express's or a raw
 * one of the front door's parts (over the headers already set on it). No body for HEAD.
 */
export function sendJsonError(res: ServerResponse, answer: ErrorAnswer, extra: Record<string, unknown> = {}): void {
  const body = Buffer.from(safeJson({ code: answer.code, msg: answer.msg, data: null, ...extra, requestId: requestIdOf(res) }));
  res.statusCode = answer.status;
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(res.req.method === 'HEAD' ? undefined : body);
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

/** How an error of a room above this one looks to a caller (the content service's failures); null when it is not one. */
type ErrorAnswerOf = (err: unknown) => ErrorAnswer | null;

function answerFor(err: unknown, answerOf: ErrorAnswerOf): ErrorAnswer | null {
  const answered = answerOf(err);
  if (answered) return answered;
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

/**
 * The answer to an error, logged: a caller's mistake (4xx) as info, anything else as an error ("unhandled
 * error" when it is a fault of the edge's own, answered 500). `url` as the client sent it.
 */
export function loggedErrorAnswer(
  logger: Logger,
  answerOf: ErrorAnswerOf,
  err: unknown,
  at: { res: ServerResponse; method: string | undefined; url: string | undefined },
): ErrorAnswer {
  const known = answerFor(err, answerOf);
  const answer = known ?? { status: 500, code: 500, msg: 'Internal server error' };
  const log = { reqId: requestIdOf(at.res), method: at.method, url: at.url, status: answer.status, err };
  if (known && answer.status < 500) logger.info(log, answer.msg);
  else logger.error(log, known ? answer.msg : 'unhandled error');
  return answer;
}

export function errorHandler(logger: Logger, answerOf: ErrorAnswerOf): ErrorRequestHandler {
  return (err, req, res, next) => {
    const answer = loggedErrorAnswer(logger, answerOf, err, { res, method: req.method, url: req.originalUrl });
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

/** The error handler's page for a document request (an error no route answered): both languages, no assets. */
const bareErrorPageHtml = (status: number): string =>
  `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${status}</title>` +
  `<p>服务暂时不可用，请稍后再试。</p><p lang="en">The site is temporarily unavailable. Please try again shortly.</p><p><a href="/">首页 Home</a></p></html>`;
