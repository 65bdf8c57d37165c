// The two files written from the configuration tables by `npm run docs:config`: .env.example (the edge's
// variables) and docs/configuration.md (the edge's, then the reference content service's). Both tables come
// from the code that reads the variables, so the page cannot describe a variable neither program reads. The
// page is written as Prettier formats Markdown, so `npm run lint` and the generator agree on its bytes.
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { CMS_CONFIG_TABLE } from '../cms/config.ts';
import { CONFIG_TABLE, NO_ALIASES, type EnvName } from '../server/config.ts';

/**
 * The text of .env.example: every variable, commented out at its default, with its meaning.
 * test/unit/edge-config.test.ts reads it to hold the committed .env.example equal to CONFIG_TABLE.
 */
export function renderEnvExample(): string {
  const lines = ['# Museum portal edge: every environment variable, at its default (see server/config.ts).', ''];
  for (const row of CONFIG_TABLE) lines.push(`# ${row.meaning}`, `# ${row.name}=${row.default}`, '');
  return lines.join('\n');
}

/** The headings of docs/configuration.md, in their order. */
const CONFIG_GROUPS = {
  content: 'The content service',
  site: 'The site and its paths',
  caches: 'Caches',
  sharing: 'Several processes and instances',
  limits: 'Limits per client',
  process: 'The process',
  operators: 'Operators',
  embedded: 'The embedded reference service',
} as const;

/** The group of every variable: a variable added to ENV_VARS does not compile until it has one here. */
const CONFIG_GROUP_OF: Record<EnvName, keyof typeof CONFIG_GROUPS> = {
  UPSTREAM_URL: 'content',
  UPSTREAM_PREFIX: 'content',
  UPSTREAM_FILE_PREFIX: 'content',
  UPSTREAM_SEARCH_PREFIX: 'content',
  UPSTREAM_REPORT_PREFIX: 'content',
  APP_ID: 'content',
  TOKEN_KEY: 'content',
  UPSTREAM_TIMEOUT_MS: 'content',
  PORTAL_ID: 'content',
  ORG_ID: 'content',
  READY_WINDOW_S: 'content',
  PUBLIC_URL: 'site',
  FILE_PREFIX: 'site',
  API_ALIASES: 'site',
  SITE_ENGLISH: 'site',
  IMAGE_WATERMARK: 'site',
  IIIF_RIGHTS: 'site',
  IIIF_ATTRIBUTION: 'site',
  CACHE_MAX_BYTES: 'caches',
  CACHE_TTL_S: 'caches',
  CACHE_RULES: 'caches',
  CACHE_RULES_FILE: 'caches',
  CACHE_SWR_S: 'caches',
  CACHE_STALE_IF_ERROR_S: 'caches',
  PAGE_CACHE_TTL_S: 'caches',
  PAGE_CACHE_SWR_S: 'caches',
  PAGE_CACHE_STALE_IF_ERROR_S: 'caches',
  WEB_CONCURRENCY: 'sharing',
  REDIS_URL: 'sharing',
  REDIS_TIMEOUT_MS: 'sharing',
  PURGE_WEBHOOK_URL: 'sharing',
  RATE_LIMIT_WRITES: 'limits',
  RATE_LIMIT_API_MISSES: 'limits',
  PORT: 'process',
  HOST: 'process',
  TRUST_PROXY: 'process',
  SHUTDOWN_TIMEOUT_MS: 'process',
  HEAP_GROWTH_PERCENT: 'process',
  LOG_LEVEL: 'process',
  ADMIN_TOKEN: 'operators',
  CMS_DB: 'embedded',
  TOKEN_MAX_SKEW_MS: 'embedded',
};

/** Text for a Markdown table cell: the characters that would end the cell or start markup, escaped. */
const cellText = (s: string): string => s.replace(/[\\|<>*]/g, (c) => `\\${c}`);

/**
 * The text of docs/configuration.md: every variable of CONFIG_TABLE by group, then every one of
 * CMS_CONFIG_TABLE, each with its default and meaning.
 */
export function renderConfigurationDoc(): string {
  const lines = [
    '# Configuration',
    '',
    '<!-- Generated from CONFIG_TABLE in server/config.ts and CMS_CONFIG_TABLE in cms/config.ts by `npm run docs:config`; test/unit/edge-config.test.ts holds it equal. Edit the tables, not this file. -->',
    '',
    'Every environment variable of the edge, with its default and meaning, then those of the reference content service. A bad value',
    'stops start-up with a message naming the variable. In both programs a value that is empty or only white space is the same as an',
    'unset one: the variable takes its default (deploy files write `FOO=` for "not set"). A variable that can be turned off has a word',
    `or number for it, e.g. \`API_ALIASES=${NO_ALIASES}\`, \`PAGE_CACHE_TTL_S=0\`. \`.env.example\` lists the edge's variables at their defaults. What a`,
    'first deployment sets is in README.md ("Point the edge at a content service").',
  ];
  for (const [group, heading] of Object.entries(CONFIG_GROUPS)) {
    lines.push('', `## ${heading}`, '', ...tableOf(CONFIG_TABLE.filter((row) => CONFIG_GROUP_OF[row.name] === group)));
  }
  lines.push(
    '',
    `## ${REFERENCE_HEADING}`,
    '',
    "What `npm run cms` reads; the edge's embedded service takes its settings from the edge's variables instead (above).",
    '',
    ...tableOf(CMS_CONFIG_TABLE),
    '',
  );
  return lines.join('\n');
}

/** The committed text of docs/configuration.md: the rendered page as Prettier formats it (tables aligned). */
export async function formattedConfigurationDoc(): Promise<string> {
  const options = await resolveConfig(join(import.meta.dirname, '../docs/configuration.md'));
  return format(renderConfigurationDoc(), { ...options, parser: 'markdown' });
}

/** The heading of the reference service's variables on docs/configuration.md. */
export const REFERENCE_HEADING = 'The reference content service (`npm run cms`)';

function tableOf(rows: ReadonlyArray<{ name: string; default: string; meaning: string }>): string[] {
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...rows.map((row) => `| \`${row.name}\` | ${row.default === '' ? '(unset)' : `\`${row.default}\``} | ${cellText(row.meaning)} |`),
  ];
}
