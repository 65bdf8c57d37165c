// Without UPSTREAM_URL the edge runs the reference content service in-process on a loopback port, with
// the demo credentials (or APP_ID / TOKEN_KEY when given), so `npm start` shows a full site anywhere.
import type { Logger } from 'pino';
import { createCmsServer, type CmsServer } from '../../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';
import { DEPLOYED_GATEWAYS } from '../../shared/endpoints.ts';
import type { Config } from '../config.ts';

export interface Upstream {
  /** The config with a concrete upstream URL and credentials. */
  config: Config;
  /** The embedded service, when one was started. */
  embedded: CmsServer | null;
}

export async function resolveUpstream(config: Config, logger: Logger): Promise<Upstream> {
  if (config.upstreamUrl) return { config, embedded: null };
  const appId = config.appId || DEMO_APP_ID;
  const tokenKey = config.tokenKey || DEMO_TOKEN_KEY;
  // Wired like a real deployment (four sibling gateways) unless the operator chose a layout.
  const gateways = config.gatewaysDefaulted ? DEPLOYED_GATEWAYS : config.gateways;
  const embedded = await createCmsServer({
    db: config.cmsDb,
    appId,
    tokenKey,
    tokenMaxSkewMs: config.tokenMaxSkewMs,
    gateways,
    logger: logger.child({ component: 'cms' }, { level: 'warn' }),
  });
  const url = await embedded.listen(0, '127.0.0.1');
  logger.info(
    { upstream: url, db: config.cmsDb },
    `UPSTREAM_URL is not set: serving the embedded reference content service (demo content, ${config.cmsDb}) at ${url}`,
  );
  return { config: Object.freeze({ ...config, upstreamUrl: url, appId, tokenKey, gateways }), embedded };
}
