// The API front door: find the catalogue row for the request (each row at its service's gateway,
// `upstreamMatcher`), count it, apply the fault knobs, check the token, read the JSON body, run the
// row's handler and answer the envelope. Nothing here knows any endpoint by name.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import { upstreamMatcher, type GatewayPrefixes } from '../../shared/endpoints.ts';
import { APP_ID_HEADER, TOKEN_HEADER, verifyToken, type TokenCipher } from '../../shared/token.ts';
import { resolveGateways } from '../gateways.ts';
import type { HandlerTable } from '../handlers/index.ts';
import { CmsError } from './errors.ts';

const BODY_LIMIT_BYTES = 64 * 1024;

export interface ApiDeps {
  handlers: HandlerTable;
  /** Where each service's calls are answered; missing ones nest below the content gateway (cms/gateways.ts). */
  gateways?: Partial<GatewayPrefixes>;
  /** @deprecated The single-prefix layout: `{ content: prefix }`, the other services nested below it. */
  prefix?: string;
  appId: string;
  cipher: TokenCipher;
  tokenMaxSkewMs: number;
  now: () => number;
  faults: { apply(): Promise<number | null> };
  countCall(name: string): void;
  logger: Logger;
}

/** The message of every successful answer: deployed services say 成功 in the envelope's `msg`. */
const SUCCESS_MSG = '成功';

export function sendEnvelope(res: Response, status: number, msg: string, data: unknown = null): void {
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ code: status, msg, data }));
}

// Every body of a POST row is JSON whatever its Content-Type says; clients of this family are sloppy.
const jsonBody = express.json({ limit: BODY_LIMIT_BYTES, type: () => true, strict: true });

function readBody(req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve, reject) => {
    jsonBody(req, res, (err?: unknown) => {
      if (!err) return resolve((req.body as unknown) ?? {});
      const e = err as { type?: string; status?: number };
      if (e.type === 'entity.too.large') return reject(new CmsError(413, `Request body is larger than ${BODY_LIMIT_BYTES / 1024} KB`));
      if (e.type === 'entity.parse.failed') return reject(new CmsError(400, 'Request body is not valid JSON'));
      if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
        return reject(new CmsError(415, 'Request body must be UTF-8 JSON'));
      }
      reject(new CmsError(e.status && e.status >= 400 && e.status < 500 ? e.status : 400, 'Request body could not be read'));
    });
  });
}

const firstHeader = (req: Request, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

const flatQuery = (query: Request['query']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query as Record<string, unknown>).flatMap(([k, v]) => {
      const first = Array.isArray(v) ? v[0] : v;
      return typeof first === 'string' ? [[k, first]] : [];
    }),
  );

export function createApiMiddleware(deps: ApiDeps): RequestHandler {
  const matcher = upstreamMatcher(resolveGateways(deps.gateways, deps.prefix));

  const checkToken = (req: Request): void => {
    const verdict = verifyToken(firstHeader(req, TOKEN_HEADER), { cipher: deps.cipher, now: deps.now }, deps.tokenMaxSkewMs);
    if (!verdict.ok) throw new CmsError(401, verdict.message);
    const appId = firstHeader(req, APP_ID_HEADER);
    if (!appId) throw new CmsError(401, 'Missing appId header');
    if (appId !== deps.appId) throw new CmsError(401, 'Unknown appId');
  };

  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const match = matcher.match(req.method, req.path);
    if (!match) return next();
    const { endpoint, params } = match;
    deps.countCall(endpoint.name);

    const failWith = await deps.faults.apply();
    if (failWith !== null) return sendEnvelope(res, failWith, `Injected fault: ${endpoint.name} failed on purpose (fault knobs are on)`);

    checkToken(req);
    // A GET row that also accepts POST (getQuestionnaireById) gets its (empty) body read and ignored.
    const body = req.method === 'POST' ? await readBody(req, res) : undefined;
    const forwarded = firstHeader(req, 'x-forwarded-for')?.split(',')[0]?.trim();
    const handler = deps.handlers[endpoint.name as keyof HandlerTable] as HandlerTable[keyof HandlerTable] | undefined;
    if (!handler) throw new Error(`no handler for catalogue row ${endpoint.name}`);
    const data = handler({
      params,
      query: flatQuery(req.query),
      body,
      now: deps.now(),
      visitor: forwarded || req.socket.remoteAddress || 'unknown',
    });
    deps.logger.debug({ endpoint: endpoint.name }, 'cms call');
    sendEnvelope(res, 200, SUCCESS_MSG, data);
  };
}
