// What the HTTP server runs: the front door (server/door), then the fast API hits, then Express for
// whatever neither knows.
import type { RequestListener } from 'node:http';
import { createFrontDoor } from '../door/index.ts';
import type { PageCache } from '../page-cache.ts';
import { withFastHits } from '../proxy/fast-hits.ts';
import type { Gateway } from '../upstream/gateway.ts';
import type { ExpressChain } from './express.ts';

export function frontDoorOf({ app, apiPaths, security, logDeps, buildFiles }: ExpressChain, { gateway, pageCache }: { gateway: Gateway; pageCache: PageCache | null }): RequestListener {
  return createFrontDoor({
    next: withFastHits(app, { gateway, route: apiPaths.match, security, log: logDeps }),
    pageCache,
    buildFiles,
    security,
    log: logDeps,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
  });
}
