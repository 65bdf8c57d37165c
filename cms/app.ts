// The express app of the content service, in request order: files under /file on the origin (no
// token, long cache; never under a gateway), the API (each catalogue row at its service's gateway),
// then 404/405 and the error envelope.
import express from 'express';
import type { Logger } from 'pino';
import { upstreamMatcher } from '../shared/endpoints.ts';
import { resolveGateways } from './gateways.ts';
import { createApiMiddleware, sendEnvelope, type ApiDeps } from './http/api.ts';
import { CmsError } from './http/errors.ts';

const FILE_PREFIX = '/file';

export function createCmsApp(deps: ApiDeps & { filesDir: string; logger: Logger }): express.Express {
  const gateways = resolveGateways(deps.gateways, deps.prefix);
  const matcher = upstreamMatcher(gateways);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(FILE_PREFIX, express.static(deps.filesDir, { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'ignore' }));
  app.use(createApiMiddleware({ ...deps, gateways, prefix: undefined }));
  app.use((req: express.Request, res: express.Response) => {
    if (matcher.pathIsKnown(req.path)) return sendEnvelope(res, 405, `Method ${req.method} is not allowed for ${req.path}`);
    sendEnvelope(res, 404, `Not found: ${req.method} ${req.path}`);
  });
  app.use((err: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(err);
    if (err instanceof CmsError) return sendEnvelope(res, err.status, err.message, err.data);
    const status = (err as { status?: number }).status;
    // express.static raises HTTP errors of its own (403 for a malicious path, 416 for a bad range).
    if (typeof status === 'number' && status >= 400 && status < 500) return sendEnvelope(res, status, (err as Error).message);
    deps.logger.error({ err, method: req.method, path: req.path }, 'cms request failed');
    sendEnvelope(res, 500, 'Internal error of the content service');
  });
  return app;
}
