// `npm run cms`: the reference content service as its own program.
import pino from 'pino';
import { loadCmsConfig } from './config.ts';
import { createCmsServer } from './server.ts';
import { loadEnvFileIfPresent } from '../shared/node/env-file.ts';

let config;
try {
  loadEnvFileIfPresent();
  config = loadCmsConfig(process.env);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const logger = pino({ name: 'cms', level: config.logLevel });
if (config.demoCredentials) {
  logger.warn({ appId: config.appId }, 'APP_ID/TOKEN_KEY not both set: using the demo credentials (cms/demo-credentials.ts)');
}
if (config.faults.failStatus > 0 && config.faults.failRate === 0) {
  logger.warn('CMS_FAULT_STATUS is set but CMS_FAULT_RATE is 0: no failures will be injected');
}

const started = Date.now();
const cms = await createCmsServer({
  db: config.db,
  appId: config.appId,
  tokenKey: config.tokenKey,
  tokenMaxSkewMs: config.tokenMaxSkewMs,
  gateways: config.gateways,
  faults: config.faults,
  logger,
});
const url = await cms.listen(config.port, config.host);
logger.info({ url, gateways: config.gateways, db: config.db, startMs: Date.now() - started }, 'content service ready');

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'content service stopping');
  cms.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, 'content service did not close cleanly');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
