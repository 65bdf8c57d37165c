// The process environment → one validated, frozen Config. Every variable is one row of ENV_VARS (name,
// default, meaning, parser); .env.example and docs/configuration.md are written from the same rows
// (scripts/config-docs.ts). An empty value is unset and takes the default, as in the reference service
// (shared/env-values.ts); a bad value stops start-up with a message that names the variable.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { setValueOf } from '../shared/env-values.ts';
import { ENDPOINT_BY_NAME, SERVICE_PUBLIC_PREFIX, type EndpointName, type GatewayPrefixes } from '../shared/endpoints.ts';
import { tokenKeyProblem } from '../shared/token.ts';
import { deepFreeze } from '../shared/deep-freeze.ts';

export type TrustProxy = boolean | number | string;
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type CacheRules = Readonly<Partial<Record<EndpointName, number>>>;

export interface Config {
  readonly port: number;
  readonly host: string;
  /** Null: start the embedded reference content service. */
  readonly upstreamUrl: string | null;
  /**
   * Gateway prefix of each service on the upstream origin (docs/content-service.md "Gateways"): the content API
   * (UPSTREAM_PREFIX, e.g. `/japi/sw-cms`) and its sibling file, search and report gateways.
   */
  readonly gateways: GatewayPrefixes;
  /** True when none of the four gateway variables was set (the embedded service then picks the layout). */
  readonly gatewaysDefaulted: boolean;
  /** Extra browser-facing prefixes answered like `/api` (`<alias>/api/<call>`), for existing clients. */
  readonly apiAliases: readonly string[];
  /** PORTAL_ID: sent as `portalId` with exhibition lists (multi-site services); empty = not sent. */
  readonly portalId: string;
  /** ORG_ID: sent as `orgId` with visitor messages; empty = not sent. */
  readonly orgId: string;
  readonly appId: string;
  readonly tokenKey: string;
  readonly upstreamTimeoutMs: number;
  readonly cache: {
    readonly maxBytes: number;
    /** Null: each endpoint keeps its catalogue default. */
    readonly ttlS: number | null;
    /** CACHE_RULES (env) over CACHE_RULES_FILE, already merged: env wins per endpoint. */
    readonly rules: CacheRules;
    /** CACHE_RULES alone (the live rules show where each lifetime came from). */
    readonly envRules: CacheRules;
    /** CACHE_RULES_FILE's rules as read at start-up. */
    readonly fileRules: CacheRules;
    /** CACHE_RULES_FILE (re-read while the edge runs); null when unset. */
    readonly rulesFile: string | null;
    readonly swrS: number;
    readonly staleIfErrorS: number;
  };
  readonly pageCacheTtlS: number;
  /** Pages past their fresh life are served stale for this long while one re-render runs, in s. */
  readonly pageCacheSwrS: number;
  /** Pages past their fresh life are served stale for this long when the re-render fails, in s. */
  readonly pageCacheStaleIfErrorS: number;
  /** Worker processes (node:cluster) the edge runs; 1 = the process itself serves. */
  readonly webConcurrency: number;
  /** How far V8's heap may grow past what is live before a full collection, in %; 0 = V8's own policy. */
  readonly heapGrowthPercent: number;
  /** Redis as the shared second cache tier and purge channel; null = each process alone. */
  readonly redisUrl: string | null;
  /** Time limit of one Redis command in ms (past it the edge goes on without Redis for that request). */
  readonly redisTimeoutMs: number;
  /** Told the tags of every purge (POST, JSON), so a CDN in front purges too; null = none. */
  readonly purgeWebhookUrl: string | null;
  /** /readyz: how recent an upstream answer must be, in s. */
  readonly readyWindowS: number;
  /** Null: the /_edge/* operator routes do not exist. */
  readonly adminToken: string | null;
  readonly logLevel: LogLevel;
  readonly filePrefix: string;
  readonly cmsDb: string;
  readonly tokenMaxSkewMs: number;
  readonly trustProxy: TrustProxy;
  readonly shutdownTimeoutMs: number;
  /** Writes (messages, answers, likes) allowed per client address per minute; 0 turns the limit off. */
  readonly rateLimitWrites: number;
  /** Proxied API reads that miss the cache allowed per client address per 10 s; 0 turns the limit off. */
  readonly rateLimitApiMisses: number;
  readonly site: {
    readonly english: boolean;
    readonly watermark: boolean;
    readonly publicUrl: string;
  };
  /** What IIIF manifests say of their rights (server/discovery/iiif-manifests.ts). */
  readonly iiif: {
    /** IIIF_RIGHTS: a Creative Commons or RightsStatements.org URI (its http form); empty = no `rights`. */
    readonly rights: string;
    /** IIIF_ATTRIBUTION: the required statement's text; empty = the museum's name in both languages. */
    readonly attribution: string;
  };
}

export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const int = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
const bool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
const text = z.string().trim();
const pathPrefix = z
  .string()
  .trim()
  .regex(/^(?:\/[A-Za-z0-9._~-]+)*$/, 'must be empty or a path like /japi/sw-cms (no trailing slash)');
const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/[^/]/.test(v) && URL.canParse(v), 'must be an http(s) URL like http://cms.internal:8080')
  .transform((v) => v.replace(/\/+$/, ''));
const redisUrl = z
  .string()
  .trim()
  .refine((v) => /^rediss?:\/\/[^/]/.test(v) && URL.canParse(v), 'must be a redis:// or rediss:// URL like redis://127.0.0.1:6379');
const rulesText = z
  .string()
  .trim()
  .transform((v, ctx) => {
    try {
      return parseCacheRules(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });
const trustProxy = z
  .string()
  .trim()
  .transform((v): TrustProxy => {
    if (v === 'false') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v; // an address list or a preset (loopback, uniquelocal), as Express takes it
  });
/** The word that turns the aliases off: an empty value is unset, so it gives the default list. */
export const NO_ALIASES = 'none';
/** `/a,/b/c`: each a path prefix; none may shadow the edge's own paths. NO_ALIASES: no prefix. */
const aliasList = z.string().transform((v, ctx): string[] => {
  if (v.trim() === NO_ALIASES) return [];
  const list = v
    .split(',')
    .map((a) => a.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const alias of list) {
    if (!/^(?:\/[A-Za-z0-9._~-]+)+$/.test(alias)) ctx.addIssue({ code: 'custom', message: `"${alias}" is not a path like /japi/sw-cms` });
    else if (alias === '/api' || alias === '/file' || alias.startsWith('/_edge')) {
      ctx.addIssue({ code: 'custom', message: `"${alias}" would hide one of the edge's own paths` });
    }
  }
  return [...new Set(list)];
});
/**
 * The `rights` of a IIIF resource: the Presentation API admits a Creative Commons licence or public-domain
 * URI, or a RightsStatements.org statement URI, and wants their http form (an https one is rewritten).
 */
const rightsUri = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^https?:\/\/creativecommons\.org\/(?:licenses|publicdomain)\/[a-z0-9.+-]+\/\d+(?:\.\d+)*\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?$/.test(v) ||
      /^https?:\/\/rightsstatements\.org\/vocab\/[A-Za-z]{2,4}(?:-[A-Za-z]{2,4}){0,2}\/1\.0\/$/.test(v),
    'must be a Creative Commons URI like http://creativecommons.org/licenses/by-nc/4.0/ or a rights statement like http://rightsstatements.org/vocab/InC/1.0/',
  )
  .transform((v) => v.replace(/^https:/, 'http:'));
/** A short identifier as services of this family use them (hex ids, vendor codes). */
const shortCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,64}$/, 'must be letters, digits, - or _ (at most 64)');
/** The empty default means unset (null); otherwise the inner schema, keeping its messages. */
const optional = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.string().transform((v, ctx): z.output<T> | null => {
    if (v.trim() === '') return null;
    const result = schema.safeParse(v);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });

interface VarRow {
  readonly default: string;
  readonly meaning: string;
  readonly schema: z.ZodType;
}

/** Every environment variable of the edge: the one table (operators and deploy files rely on these names). */
export const ENV_VARS = {
  PORT: { default: '3000', meaning: 'HTTP port of the edge', schema: int(1, 65535) },
  HOST: { default: '0.0.0.0', meaning: 'Address the edge listens on', schema: text.min(1, 'must not be empty') },
  UPSTREAM_URL: {
    default: '',
    meaning: 'Base URL of the museum content service; unset = start the embedded reference service with demo content',
    schema: optional(httpUrl),
  },
  UPSTREAM_PREFIX: {
    default: '',
    meaning: 'Gateway prefix of the content API on the upstream origin, e.g. /japi/sw-cms',
    schema: pathPrefix,
  },
  UPSTREAM_FILE_PREFIX: {
    default: '',
    meaning:
      'Gateway prefix of the file service API (refFileObject/queryPageList), e.g. /japi/sw-file-cloud; unset = UPSTREAM_PREFIX + /sw-file',
    schema: optional(pathPrefix),
  },
  UPSTREAM_SEARCH_PREFIX: {
    default: '',
    meaning: 'Gateway prefix of the search service (cmsSearch), e.g. /japi/sw-es; unset = UPSTREAM_PREFIX + /sw-es',
    schema: optional(pathPrefix),
  },
  UPSTREAM_REPORT_PREFIX: {
    default: '',
    meaning: 'Gateway prefix of the statistics report (api/getBaiduReport), e.g. /japi/sw-cms-zb; unset = UPSTREAM_PREFIX + /sw-cms-zb',
    schema: optional(pathPrefix),
  },
  API_ALIASES: {
    default: '/sw-cms,/japi/sw-cms,/japi/sw-cms-cloud',
    meaning: `Comma-separated prefixes answered like /api for existing clients (<alias>/api/<call>); ${NO_ALIASES} = no aliases`,
    schema: aliasList,
  },
  PORTAL_ID: { default: '', meaning: 'portalId sent with exhibition lists (multi-site services); empty = not sent', schema: shortCode },
  ORG_ID: { default: '', meaning: 'orgId sent with every visitor message; empty = not sent', schema: shortCode },
  APP_ID: { default: '', meaning: 'appId header sent to the content service (required with UPSTREAM_URL)', schema: text },
  TOKEN_KEY: {
    default: '',
    meaning: 'AES key (16, 24 or 32 characters) that signs every upstream call (required with UPSTREAM_URL); never sent to browsers',
    schema: z.string(),
  },
  UPSTREAM_TIMEOUT_MS: { default: '5000', meaning: 'Time limit of one upstream call in ms', schema: int(1, 600_000) },
  CACHE_MAX_BYTES: {
    default: String(64 * 1024 * 1024),
    meaning:
      'Bound of both caches together in bytes (keys and values): three quarters for upstream answers, a quarter for pages when the page cache is on',
    schema: int(1024),
  },
  CACHE_TTL_S: {
    default: '',
    meaning: 'Fresh lifetime in s for every read endpoint; unset = each endpoint’s catalogue default; 0 = no caching',
    schema: optional(int(0)),
  },
  CACHE_RULES: {
    default: '',
    meaning: 'Per-endpoint fresh lifetimes in s, e.g. queryAllChannel=600,queryArchivesList=60 (wins over the file)',
    schema: rulesText,
  },
  CACHE_RULES_FILE: {
    default: '',
    meaning: 'Optional JSON file {"endpointName": seconds, …} of per-endpoint lifetimes',
    schema: text,
  },
  CACHE_SWR_S: { default: '30', meaning: 'Stale-while-revalidate window in s after an entry’s fresh lifetime', schema: int(0) },
  CACHE_STALE_IF_ERROR_S: {
    default: '600',
    meaning: 'Window in s after the fresh lifetime in which stale data is served when the upstream fails',
    schema: int(0),
  },
  READY_WINDOW_S: {
    default: '30',
    meaning: 'GET /readyz answers 503 when the upstream has not answered for this many seconds (it probes once first)',
    schema: int(1, 3600),
  },
  PAGE_CACHE_TTL_S: { default: '30', meaning: 'Fresh lifetime in s of cached anonymous HTML pages; 0 = off', schema: int(0) },
  PAGE_CACHE_SWR_S: {
    default: '30',
    meaning: 'Window in s after a page’s fresh lifetime in which it is served stale while one re-render runs',
    schema: int(0),
  },
  PAGE_CACHE_STALE_IF_ERROR_S: {
    default: '600',
    meaning: 'Window in s after a page’s fresh lifetime in which it is served stale when its re-render fails',
    schema: int(0),
  },
  WEB_CONCURRENCY: { default: '1', meaning: 'Worker processes serving HTTP (node:cluster); 1 = no workers', schema: int(1, 64) },
  HEAP_GROWTH_PERCENT: {
    default: '10',
    meaning: 'How far the V8 heap may grow past its live size before a full collection, in %; 0 = V8’s own (up to 300%)',
    schema: int(0, 400),
  },
  REDIS_URL: {
    default: '',
    meaning: 'redis:// or rediss:// URL of the shared cache tier and purge channel; unset = every process caches alone',
    schema: optional(redisUrl),
  },
  REDIS_TIMEOUT_MS: {
    default: '150',
    meaning: 'Time limit of one Redis command in ms; past it the request goes on without Redis',
    schema: int(10, 10_000),
  },
  PURGE_WEBHOOK_URL: {
    default: '',
    meaning: 'URL told (POST JSON {tags, selector}) of every purge, e.g. to purge a CDN by tag; unset = none',
    schema: optional(httpUrl),
  },
  ADMIN_TOKEN: {
    default: '',
    meaning:
      'Bearer token (or Basic password) of the operator routes under /_edge/: console, cache figures, rules, purge; at least 16 characters; unset = those routes do not exist',
    schema: optional(text.min(16, 'must be at least 16 characters')),
  },
  LOG_LEVEL: {
    default: 'info',
    meaning: 'pino level: fatal, error, warn, info, debug, trace or silent',
    schema: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  },
  FILE_PREFIX: {
    default: '/file',
    meaning: 'Path of upstream files and images, proxied to the content service with long cache headers',
    schema: pathPrefix.refine((v) => v !== '', 'must not be empty'),
  },
  CMS_DB: {
    default: 'data/cms.sqlite',
    meaning: 'SQLite file of the embedded reference content service (created and seeded on first start)',
    schema: text.min(1),
  },
  TOKEN_MAX_SKEW_MS: {
    default: '300000',
    meaning: 'Largest token clock skew the embedded reference service accepts, in ms',
    schema: int(1),
  },
  TRUST_PROXY: {
    default: 'false',
    meaning:
      'Express trust proxy: false, true, a hop count or an address list; decides the client address (write and miss budgets) and the protocol pages are keyed by',
    schema: trustProxy,
  },
  SHUTDOWN_TIMEOUT_MS: { default: '10000', meaning: 'On SIGTERM, time in ms in-flight requests get to finish', schema: int(0) },
  RATE_LIMIT_WRITES: {
    default: '20',
    meaning: 'Writes (messages, answers, likes) per client address per minute; 0 = no limit',
    schema: int(0),
  },
  RATE_LIMIT_API_MISSES: {
    default: '60',
    meaning:
      'API reads per client address per 10 s that the cache cannot answer (each a call to the content service); past it 429 with Retry-After; 0 = no limit',
    schema: int(0),
  },
  SITE_ENGLISH: { default: 'false', meaning: 'Global English flag: every page in English mode', schema: bool },
  IMAGE_WATERMARK: { default: 'false', meaning: 'Show the watermarked image variants', schema: bool },
  PUBLIC_URL: {
    default: '',
    meaning: 'Absolute origin for canonical and hreflang links, e.g. https://www.example-museum.cn; empty = from the request',
    schema: optional(httpUrl).transform((v) => v ?? ''),
  },
  IIIF_RIGHTS: {
    default: '',
    meaning:
      'The rights of every IIIF manifest: a Creative Commons URI (http://creativecommons.org/licenses/by-nc/4.0/) or a RightsStatements.org URI (http://rightsstatements.org/vocab/InC/1.0/); empty = none stated',
    schema: optional(rightsUri).transform((v) => v ?? ''),
  },
  IIIF_ATTRIBUTION: {
    default: '',
    meaning: 'The attribution every IIIF manifest requires viewers to show (requiredStatement); empty = the museum’s name',
    schema: text.max(500, 'must be at most 500 characters'),
  },
} as const satisfies Record<string, VarRow>;

export type EnvName = keyof typeof ENV_VARS;

/** The table for .env.example and docs/configuration.md (scripts/config-docs.ts): name, default, meaning. */
export const CONFIG_TABLE: ReadonlyArray<{ name: EnvName; default: string; meaning: string }> = Object.entries(ENV_VARS).map(
  ([name, row]) => ({ name: name as EnvName, default: row.default, meaning: row.meaning }),
);

type Parsed = { [K in EnvName]: z.output<(typeof ENV_VARS)[K]['schema']> };

/** Reads and checks the environment; throws ConfigError listing every bad variable by name. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const problems: string[] = [];
  const parsed = {} as Record<string, unknown>;
  for (const [name, row] of Object.entries(ENV_VARS) as Array<[EnvName, VarRow]>) {
    const raw = setValueOf(env[name]) ?? row.default;
    const result = row.schema.safeParse(raw);
    if (result.success) parsed[name] = result.data;
    else problems.push(`${name}=${JSON.stringify(raw)}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const v = parsed as Parsed;

  if (v.UPSTREAM_URL !== null) {
    if (!v.APP_ID) problems.push('APP_ID is required when UPSTREAM_URL is set (the appId header of every upstream call)');
    if (!v.TOKEN_KEY) problems.push('TOKEN_KEY is required when UPSTREAM_URL is set (the key that signs every upstream call)');
  }
  if (v.TOKEN_KEY) {
    const problem = tokenKeyProblem(v.TOKEN_KEY);
    if (problem) problems.push(problem);
  }
  let fileRules: CacheRules = {};
  if (v.CACHE_RULES_FILE) {
    try {
      fileRules = parseCacheRulesJson(readFileSync(v.CACHE_RULES_FILE, 'utf8'));
    } catch (err) {
      problems.push(`CACHE_RULES_FILE=${JSON.stringify(v.CACHE_RULES_FILE)}: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);

  return deepFreeze({
    port: v.PORT,
    host: v.HOST,
    upstreamUrl: v.UPSTREAM_URL,
    gateways: gatewaysOf(v.UPSTREAM_PREFIX, {
      file: v.UPSTREAM_FILE_PREFIX,
      search: v.UPSTREAM_SEARCH_PREFIX,
      report: v.UPSTREAM_REPORT_PREFIX,
    }),
    gatewaysDefaulted: [env.UPSTREAM_PREFIX, env.UPSTREAM_FILE_PREFIX, env.UPSTREAM_SEARCH_PREFIX, env.UPSTREAM_REPORT_PREFIX].every(
      (raw) => setValueOf(raw) === undefined,
    ),
    apiAliases: v.API_ALIASES,
    portalId: v.PORTAL_ID,
    orgId: v.ORG_ID,
    appId: v.APP_ID,
    tokenKey: v.TOKEN_KEY,
    upstreamTimeoutMs: v.UPSTREAM_TIMEOUT_MS,
    cache: {
      maxBytes: v.CACHE_MAX_BYTES,
      ttlS: v.CACHE_TTL_S,
      rules: { ...fileRules, ...v.CACHE_RULES },
      envRules: v.CACHE_RULES,
      fileRules,
      rulesFile: v.CACHE_RULES_FILE || null,
      swrS: v.CACHE_SWR_S,
      staleIfErrorS: v.CACHE_STALE_IF_ERROR_S,
    },
    pageCacheTtlS: v.PAGE_CACHE_TTL_S,
    pageCacheSwrS: v.PAGE_CACHE_SWR_S,
    pageCacheStaleIfErrorS: v.PAGE_CACHE_STALE_IF_ERROR_S,
    webConcurrency: v.WEB_CONCURRENCY,
    heapGrowthPercent: v.HEAP_GROWTH_PERCENT,
    redisUrl: v.REDIS_URL,
    redisTimeoutMs: v.REDIS_TIMEOUT_MS,
    purgeWebhookUrl: v.PURGE_WEBHOOK_URL,
    readyWindowS: v.READY_WINDOW_S,
    adminToken: v.ADMIN_TOKEN,
    logLevel: v.LOG_LEVEL,
    filePrefix: v.FILE_PREFIX,
    cmsDb: v.CMS_DB,
    tokenMaxSkewMs: v.TOKEN_MAX_SKEW_MS,
    trustProxy: v.TRUST_PROXY,
    shutdownTimeoutMs: v.SHUTDOWN_TIMEOUT_MS,
    rateLimitWrites: v.RATE_LIMIT_WRITES,
    rateLimitApiMisses: v.RATE_LIMIT_API_MISSES,
    site: { english: v.SITE_ENGLISH, watermark: v.IMAGE_WATERMARK, publicUrl: v.PUBLIC_URL },
    iiif: { rights: v.IIIF_RIGHTS, attribution: v.IIIF_ATTRIBUTION },
  });
}

/**
 * Each service's gateway: its own variable, else nested under the content prefix at its browser-facing
 * path (`/sw-file`, `/sw-es`, `/sw-cms-zb`), so a deployment that sets only UPSTREAM_PREFIX keeps working.
 */
function gatewaysOf(content: string, siblings: { file: string | null; search: string | null; report: string | null }): GatewayPrefixes {
  return {
    content,
    file: siblings.file ?? `${content}${SERVICE_PUBLIC_PREFIX.file}`,
    search: siblings.search ?? `${content}${SERVICE_PUBLIC_PREFIX.search}`,
    report: siblings.report ?? `${content}${SERVICE_PUBLIC_PREFIX.report}`,
  };
}

/** `name=seconds,name=seconds` → rules; names must be read-only rows of the catalogue. */
function parseCacheRules(text: string): CacheRules {
  const rules: Partial<Record<EndpointName, number>> = {};
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([A-Za-z]+)\s*=\s*(\d+)$/.exec(part);
    if (!match) throw new Error(`"${part}" is not name=seconds (e.g. queryAllChannel=600)`);
    rules[checkRuleName(match[1]!)] = Number(match[2]);
  }
  return rules;
}

/** The text of a rules file → rules; throws naming every bad rule (the file is then refused whole). */
export function parseCacheRulesJson(text: string): CacheRules {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`is not JSON (${(err as Error).message})`);
  }
  const { rules, problems } = checkCacheRules(value);
  if (problems.length > 0) {
    throw new Error(`must be a JSON object of endpoint names to whole seconds, e.g. {"queryAllChannel": 600}: ${problems.join('; ')}`);
  }
  return rules as CacheRules;
}

/**
 * An object of endpoint names to lifetimes (whole seconds ≥ 0) → rules, and one problem per bad rule,
 * each naming it: an unknown endpoint, a write, a negative or non-numeric lifetime. With `allowNull`, a
 * null lifetime is kept as null (the operator API uses it to drop a rule).
 */
export function checkCacheRules(
  value: unknown,
  options: { allowNull?: boolean } = {},
): { rules: Partial<Record<EndpointName, number | null>>; problems: string[] } {
  const rules: Partial<Record<EndpointName, number | null>> = {};
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { rules, problems: ['the rules must be a JSON object of endpoint names to whole seconds'] };
  }
  for (const [name, seconds] of Object.entries(value as Record<string, unknown>)) {
    let endpoint: EndpointName;
    try {
      endpoint = checkRuleName(name);
    } catch (err) {
      problems.push((err as Error).message);
      continue;
    }
    if (seconds === null && options.allowNull) rules[endpoint] = null;
    else if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 0 || seconds > MAX_RULE_S) {
      problems.push(`"${name}": ${JSON.stringify(seconds) ?? String(seconds)} is not a whole number of seconds from 0 to ${MAX_RULE_S}`);
    } else rules[endpoint] = seconds;
  }
  return { rules, problems };
}

/** A year: longer lifetimes are typos. */
const MAX_RULE_S = 365 * 24 * 3600;

function checkRuleName(name: string): EndpointName {
  const spec = (ENDPOINT_BY_NAME as Record<string, (typeof ENDPOINT_BY_NAME)[EndpointName] | undefined>)[name];
  if (!spec) throw new Error(`"${name}" is not an endpoint of the catalogue (see shared/endpoints.ts)`);
  if (spec.write) throw new Error(`"${name}" is a write; writes are never cached`);
  return name as EndpointName;
}
