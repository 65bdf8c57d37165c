// Every error answer of the edge: JSON `{ code, msg }` with the right status and a message a person
// understands, or a short HTML page for document requests. Never a stack; the log gets it with the id.
import type { ErrorRequestHandler, Request, Response } from 'express';
import type { Logger } from 'pino';
import { UpstreamError } from '../upstream/api.ts';
import { requestIdOf } from '../http-context.ts';

export interface ErrorAnswer {
  status: number;
  /** The envelope code (the HTTP status, or the service's own code for application errors). */
  code: number;
  msg: string;
}

/** How a failed content-service call looks to a browser or an API client. */
export function upstreamErrorAnswer(err: UpstreamError): ErrorAnswer {
  switch (err.code) {
    case 'UPSTREAM_TIMEOUT':
      return { status: 504, code: 504, msg: `The content service did not answer in time (${err.message})` };
    case 'UPSTREAM_NETWORK':
      return { status: 502, code: 502, msg: `The content service cannot be reached (${err.message})` };
    case 'UPSTREAM_ABORTED':
      return { status: 502, code: 502, msg: `The call to the content service was cut off (${err.message})` };
    case 'UPSTREAM_BAD_PAYLOAD':
      return { status: 502, code: 502, msg: `The content service sent an answer the edge cannot read (${err.message})` };
    case 'UPSTREAM_HTTP': {
      const status = err.httpStatus ?? 502;
      if (status === 401 || status === 403) {
        return { status: 502, code: 502, msg: `The content service refused the edge's signature (${err.message})` };
      }
      if (status >= 400 && status < 500) return { status, code: status, msg: err.message };
      return { status: 502, code: 502, msg: `The content service failed (${err.message})` };
    }
    case 'UPSTREAM_APP':
      // An answer, not a failure: passed on the way the service gave it.
      return { status: err.httpStatus ?? 200, code: err.appCode ?? 500, msg: err.message };
  }
}

export function sendJsonError(res: Response, answer: ErrorAnswer, extra: Record<string, unknown> = {}): void {
  res
    .status(answer.status)
    .set('Cache-Control', 'no-store')
    .json({ code: answer.code, msg: answer.msg, data: null, ...extra, requestId: requestIdOf(res) });
}

interface BodyParserError {
  type?: string;
  status?: number;
}

function answerFor(err: unknown): ErrorAnswer | null {
  if (err instanceof UpstreamError) return upstreamErrorAnswer(err);
  const type = (err as BodyParserError | null)?.type;
  if (type === 'entity.too.large') return { status: 413, code: 413, msg: 'The request body is larger than 64 KB' };
  if (type === 'entity.parse.failed') return { status: 400, code: 400, msg: 'The request body is not valid JSON' };
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return { status: 415, code: 415, msg: 'The request body must be JSON in UTF-8' };
  }
  const status = (err as BodyParserError | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { status, code: status, msg: 'The request cannot be served' };
  return null;
}

function wantsHtml(req: Request): boolean {
  return req.method === 'GET' && req.accepts(['json', 'html']) === 'html';
}

const ERROR_PAGE = (status: number) =>
  `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${status}</title>` +
  `<p>服务暂时不可用，请稍后再试。</p><p lang="en">The site is temporarily unavailable. Please try again shortly.</p><p><a href="/">首页 Home</a></p></html>`;

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
      res.status(answer.status).set('Cache-Control', 'no-store').type('html').send(ERROR_PAGE(answer.status));
      return;
    }
    sendJsonError(res, answer);
  };
}
