// The content service's client as the app uses it: calls signed with APP_ID and TOKEN_KEY, a breaker on
// the app's clock, and every finished call told to onCall (metrics, operator figures, readiness).
import type { Logger } from 'pino';
import type { Dispatcher } from 'undici';
import type { Config } from '../config.ts';
import { createBreaker } from '../upstream/breaker.ts';
import { createUpstreamClient, type UpstreamClient, type UpstreamClientOptions } from '../upstream/client.ts';
import { createSigner } from '../upstream/sign.ts';
import { CONTENT_PROBE } from '../upstream/startup-check.ts';

type ClientConfig = Pick<Config, 'gateways' | 'appId' | 'tokenKey' | 'upstreamTimeoutMs'>;

export interface EdgeClientOptions {
  /** UPSTREAM_URL (createApp refuses to start without one). */
  baseUrl: string;
  now: () => number;
  random: () => number;
  logger: Logger;
  dispatcher?: Dispatcher;
  onCall: NonNullable<UpstreamClientOptions['onCall']>;
}

export function createEdgeClient(config: ClientConfig, { baseUrl, now, random, logger, dispatcher, onCall }: EdgeClientOptions): UpstreamClient {
  return createUpstreamClient({
    baseUrl,
    gateways: config.gateways,
    appId: config.appId,
    timeoutMs: config.upstreamTimeoutMs,
    sign: createSigner({ appId: config.appId, tokenKey: config.tokenKey, now, random }),
    logger,
    dispatcher,
    breaker: createBreaker({ now }),
    onCall,
  });
}

/** The readiness probe: one light call (the CN channel list). */
export async function probeUpstream(client: UpstreamClient): Promise<void> {
  await client.send({ ...CONTENT_PROBE, requestId: 'readyz' });
}
