// The Express chain: what produces new answers — page misses and form posts (the page engine, through the
// page cache), API misses of writes and unknown API paths, the file proxy, public files, discovery files,
// the IIIF service and the operator's routes. The front door (door.ts) answers what is in memory before a
// request gets here. Every request begins in the request log with the security headers; then each row
// of the path table (paths.ts) has its Express part mounted in the table's order, behind the row's own
// path test, so a page miss passes only the rows' tests, compression and the page route. Compression of
// answers made now starts before the first row that asks for it; a prepared answer passes it untouched.
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { compressAnswersMadeNow } from './http/compress.ts';
import type { ProxyTrust } from './http/client-address.ts';
import { errorHandler } from './http/error-answers.ts';
import { beginRequest, type RequestLogDeps } from './http/request-log.ts';
import { applySecurityHeaders, type SecurityHeaders } from './http/security.ts';
import { upstreamAnswerOf } from './upstream/upstream-error.ts';
import { onRowPaths, type PathRow } from './paths.ts';

interface ChainParts {
  log: RequestLogDeps;
  security: SecurityHeaders;
  logger: Logger;
  /** TRUST_PROXY compiled once (http/client-address.ts): Express's req.ip and req.protocol answer by it. */
  trust: ProxyTrust;
  /** The path table. */
  rows: readonly PathRow[];
}

export function buildExpress(parts: ChainParts): Express {
  const app = express();
  app.disable('x-powered-by');
  // res.json escapes <, > and & (operator answers list cache keys, which hold callers' bodies).
  app.set('json escape', true);
  // The rule the front door reads the client's protocol and address by: handed over, never read back.
  app.set('trust proxy', parts.trust);

  app.use((req, res, next) => {
    beginRequest(req, res, parts.log);
    applySecurityHeaders(res, parts.security);
    next();
  });
  let compressing = false;
  for (const row of parts.rows) {
    if (row.express.length === 0) continue;
    if (row.compressed && !compressing) {
      app.use(compressAnswersMadeNow());
      compressing = true;
    } else if (!row.compressed && compressing) {
      throw new Error(`the path table's row ${row.room} sends its own codings, after a row whose answers are compressed`);
    }
    for (const handler of row.express) app.use(onRowPaths(row, handler));
  }
  app.use(errorHandler(parts.logger, upstreamAnswerOf));
  return app;
}
