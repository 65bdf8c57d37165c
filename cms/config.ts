// The environment of `npm run cms`, validated: a bad value stops the start with a message that
// names the variable, and an empty one is unset, as the edge reads its own (shared/env-values.ts).
// The service answers like a real deployment by default: each service at its own gateway
// (DEPLOYED_GATEWAYS); the edge's variable names set them one by one.
import { z } from 'zod';
import { setValuesOf } from '../shared/env-values.ts';
import { tokenKeyProblem } from '../shared/token.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from './demo-credentials.ts';
import type { Faults } from './faults.ts';
import { DEPLOYED_GATEWAYS, resolveGateways, type GatewayPrefixes } from './gateways.ts';

const int = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: 'must be a whole number' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be at least ${min}` })
        .max(max, { error: `must be at most ${max}` }),
    );

const gatewayPath = (example: string) =>
  z
    .string()
    .trim()
    .regex(/^(\/[A-Za-z0-9._~-]+)*\/?$/, { error: `must be a path such as ${example}` })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional();

const envSchema = z.object({
  CMS_PORT: int(0, 65535).default(8081),
  CMS_HOST: z.string().trim().min(1).default('0.0.0.0'),
  CMS_DB: z.string().trim().min(1, { error: 'must be a file path' }).default('data/cms.sqlite'),
  APP_ID: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  TOKEN_KEY: z
    .string()
    .optional()
    .superRefine((key, ctx) => {
      const problem = key === undefined ? null : tokenKeyProblem(key);
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace(/^TOKEN_KEY /, '') });
    }),
  TOKEN_MAX_SKEW_MS: int(1, 86_400_000).default(300_000),
  UPSTREAM_PREFIX: gatewayPath('/japi/sw-cms'),
  UPSTREAM_FILE_PREFIX: gatewayPath('/japi/sw-file-cloud'),
  UPSTREAM_SEARCH_PREFIX: gatewayPath('/japi/sw-es'),
  UPSTREAM_REPORT_PREFIX: gatewayPath('/japi/sw-cms-zb'),
  /** @deprecated The content gateway, the other services nested below it; UPSTREAM_PREFIX wins. */
  CMS_PREFIX: gatewayPath('/japi/sw-cms'),
  CMS_FAULT_LATENCY_MS: int(0, 600_000).default(0),
  CMS_FAULT_STATUS: z
    .string()
    .trim()
    .regex(/^(0|[45]\d\d)$/, { error: 'must be 0 or an HTTP error status (400–599)' })
    .transform(Number)
    .default(0),
  CMS_FAULT_RATE: z
    .string()
    .trim()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, { error: 'must be a number from 0 to 1' })
    .transform(Number)
    .default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type CmsEnvName = keyof typeof envSchema.shape;

/** What each variable does: a variable added to envSchema does not compile until it has a meaning here. */
const CMS_ENV_MEANINGS: Record<CmsEnvName, string> = {
  CMS_PORT: 'Port the reference content service listens on',
  CMS_HOST: 'Address the reference content service listens on',
  CMS_DB: 'SQLite file; created, migrated and seeded on first start (files go to <dir>/files); one of an older content version is rebuilt',
  APP_ID: 'appId callers must send; unset = the demo credentials (cms/demo-credentials.ts) with TOKEN_KEY',
  TOKEN_KEY: 'AES key (16, 24 or 32 characters) callers must sign with; unset = the demo credentials with APP_ID',
  TOKEN_MAX_SKEW_MS: 'Largest token clock skew accepted either way, in ms',
  UPSTREAM_PREFIX:
    'Gateway of the content API; no gateway variable set = the deployed layout (/japi/sw-cms, /japi/sw-file-cloud, /japi/sw-es, /japi/sw-cms-zb)',
  UPSTREAM_FILE_PREFIX: 'Gateway of the file service; unset while another gateway is set = the content gateway + /sw-file',
  UPSTREAM_SEARCH_PREFIX: 'Gateway of the search service; unset while another gateway is set = the content gateway + /sw-es',
  UPSTREAM_REPORT_PREFIX: 'Gateway of the statistics report; unset while another gateway is set = the content gateway + /sw-cms-zb',
  CMS_PREFIX: 'Deprecated: the content gateway when UPSTREAM_PREFIX is unset',
  CMS_FAULT_LATENCY_MS: 'Latency added to every API call, in ms',
  CMS_FAULT_STATUS: 'HTTP status of injected failures; 0 = 503 when CMS_FAULT_RATE is set',
  CMS_FAULT_RATE: 'Share of API calls that fail on purpose, from 0 to 1',
  LOG_LEVEL: 'pino level: fatal, error, warn, info, debug, trace or silent',
};

/** The default of a variable as an operator writes it: what the schema gives for an unset one ('' = none). */
function defaultOf(name: CmsEnvName): string {
  const result = envSchema.shape[name].safeParse(undefined);
  return result.success && result.data !== undefined ? String(result.data) : '';
}

/** Every variable `npm run cms` reads: name, default and meaning (docs/configuration.md is written from it). */
export const CMS_CONFIG_TABLE: ReadonlyArray<{ name: CmsEnvName; default: string; meaning: string }> = (
  Object.keys(CMS_ENV_MEANINGS) as CmsEnvName[]
).map((name) => ({ name, default: defaultOf(name), meaning: CMS_ENV_MEANINGS[name] }));

interface CmsConfig {
  port: number;
  host: string;
  db: string;
  appId: string;
  tokenKey: string;
  /** True when the demo credentials are in use (logged, the key never printed). */
  demoCredentials: boolean;
  tokenMaxSkewMs: number;
  /** Where each service answers: DEPLOYED_GATEWAYS unless a gateway variable is set. */
  gateways: GatewayPrefixes;
  faults: Faults;
  logLevel: string;
}

/**
 * No gateway variable: the deployed layout. Otherwise each set variable places its service, and the
 * unset ones nest below the content gateway (`<content>/sw-file`, …), as the edge reads the same
 * variables.
 */
function gatewaysOf(e: z.output<typeof envSchema>): GatewayPrefixes {
  const given = [e.UPSTREAM_PREFIX, e.UPSTREAM_FILE_PREFIX, e.UPSTREAM_SEARCH_PREFIX, e.UPSTREAM_REPORT_PREFIX, e.CMS_PREFIX];
  if (given.every((v) => v === undefined)) return DEPLOYED_GATEWAYS;
  return resolveGateways(
    {
      ...(e.UPSTREAM_FILE_PREFIX !== undefined ? { file: e.UPSTREAM_FILE_PREFIX } : {}),
      ...(e.UPSTREAM_SEARCH_PREFIX !== undefined ? { search: e.UPSTREAM_SEARCH_PREFIX } : {}),
      ...(e.UPSTREAM_REPORT_PREFIX !== undefined ? { report: e.UPSTREAM_REPORT_PREFIX } : {}),
    },
    e.UPSTREAM_PREFIX ?? e.CMS_PREFIX,
  );
}

/** Reads the environment; throws one Error listing every bad variable. */
export function loadCmsConfig(env: NodeJS.ProcessEnv): CmsConfig {
  const parsed = envSchema.safeParse(setValuesOf(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment for the content service:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.CMS_PORT,
    host: e.CMS_HOST,
    db: e.CMS_DB,
    appId: e.APP_ID ?? DEMO_APP_ID,
    tokenKey: e.TOKEN_KEY ?? DEMO_TOKEN_KEY,
    demoCredentials: e.APP_ID === undefined || e.TOKEN_KEY === undefined,
    tokenMaxSkewMs: e.TOKEN_MAX_SKEW_MS,
    gateways: gatewaysOf(e),
    faults: { latencyMs: e.CMS_FAULT_LATENCY_MS, failStatus: e.CMS_FAULT_STATUS, failRate: e.CMS_FAULT_RATE },
    logLevel: e.LOG_LEVEL,
  };
}
