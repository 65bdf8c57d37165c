// The express app of the content service, in request order: files under /file (no token, long
// cache), the API (catalogue rows under the prefix), then 404/405 and the error envelope.
import express from 'express';
import type { Logger } from 'pino';
import { pathIsKnown } from '../shared/endpoints.ts';
import { createApiMiddleware, sendEnvelope, type ApiDeps } from './http/api.ts';
import { CmsError } from './http/errors.ts';

export const FILE_PREFIX = '/file';

export function createCmsApp(deps: ApiDeps & { filesDir: string; logger: Logger }): express.Express {
  const prefix = deps.prefix.replace(/\/+$/, '');
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(
    FILE_PREFIX,
    express.static(deps.filesDir, { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'ignore' }),
  );
  app.use(createApiMiddleware({ ...deps, prefix }));
  app.use((req: express.Request, res: express.Response) => {
    const underPrefix = !prefix || req.path.startsWith(`${prefix}/`);
    if (underPrefix && pathIsKnown(req.path.slice(prefix.length))) {
      return sendEnvelope(res, 405, `Method ${req.method} is not allowed for ${req.path}`);
    }
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
