import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_CONFIG_TABLE } from '../../cms/config.ts';
import { formattedConfigurationDoc, REFERENCE_HEADING, renderConfigurationDoc, renderEnvExample } from '../../scripts/config-docs.ts';
import { CONFIG_TABLE, ConfigError, ENV_VARS, loadConfig, NO_ALIASES } from '../../server/config.ts';
import { createLiveRules } from '../../server/content/lifetimes.ts';

const KEY = '0123456789abcdef0123456789abcdef';
const upstream = { UPSTREAM_URL: 'http://cms.internal:8080/', APP_ID: 'museum', TOKEN_KEY: KEY };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('edge config', () => {
  it('has the documented defaults and no upstream (embedded service)', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.upstreamUrl).toBeNull();
    expect(config.upstreamTimeoutMs).toBe(5000);
    expect(config.filePrefix).toBe('/file');
    expect(config.cmsDb).toBe('data/cms.sqlite');
    expect(config.tokenMaxSkewMs).toBe(300000);
    expect(config.adminToken).toBeNull();
    expect(config.cache.ttlS).toBeNull();
    expect(config.trustProxy).toBe(false);
    expect(config.site).toEqual({ english: false, watermark: false, publicUrl: '' });
    expect(Object.isFrozen(config) && Object.isFrozen(config.cache)).toBe(true);
  });

  it('documents every variable that deployments and other parts name (names kept exactly), with a meaning', () => {
    const names = CONFIG_TABLE.map((row) => row.name);
    for (const name of [
      'PORT',
      'HOST',
      'UPSTREAM_URL',
      'UPSTREAM_PREFIX',
      'APP_ID',
      'TOKEN_KEY',
      'UPSTREAM_TIMEOUT_MS',
      'CACHE_MAX_BYTES',
      'CACHE_TTL_S',
      'CACHE_RULES',
      'CACHE_SWR_S',
      'CACHE_STALE_IF_ERROR_S',
      'PAGE_CACHE_TTL_S',
      'ADMIN_TOKEN',
      'LOG_LEVEL',
      'FILE_PREFIX',
      'CMS_DB',
      'TOKEN_MAX_SKEW_MS',
    ]) {
      expect(names).toContain(name);
    }
    for (const row of CONFIG_TABLE) expect(row.meaning.length).toBeGreaterThan(10);
    expect(renderEnvExample()).toContain('# CACHE_RULES=\n');
    expect(renderEnvExample()).toContain('# PORT=3000\n');
  });

  it('the committed .env.example is the table as it stands (a changed default shows there)', () => {
    expect(readFileSync(join(import.meta.dirname, '../../.env.example'), 'utf8')).toBe(renderEnvExample());
  });

  it('the committed docs/configuration.md is the tables as they stand, every variable once per program (npm run docs:config writes it)', async () => {
    expect(readFileSync(join(import.meta.dirname, '../../docs/configuration.md'), 'utf8')).toBe(await formattedConfigurationDoc());
    const doc = renderConfigurationDoc();
    const [edgePart, cmsPart] = doc.split(`## ${REFERENCE_HEADING}`) as [string, string];
    const rowsOf = (part: string, name: string) => part.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`));
    for (const row of CONFIG_TABLE) expect(rowsOf(edgePart, row.name), row.name).toHaveLength(1);
    for (const row of CMS_CONFIG_TABLE) expect(rowsOf(cmsPart, row.name), row.name).toHaveLength(1);
    expect(doc).toContain('| `PORT` | `3000` | HTTP port of the edge |');
    expect(doc).toContain('| `UPSTREAM_URL` | (unset) |');
    expect(cmsPart).toContain('| `CMS_PORT` | `8081` |');
    expect(cmsPart).toContain('| `APP_ID` | (unset) |');
  });

  it('takes an empty or blank value as unset: every variable with a default gets its default', () => {
    const defaults = loadConfig({});
    const withDefault = CONFIG_TABLE.filter((row) => row.default !== '');
    expect(withDefault.length).toBeGreaterThan(20);
    for (const row of CONFIG_TABLE) {
      expect(loadConfig({ [row.name]: '' }), `${row.name}=`).toEqual(defaults);
      expect(loadConfig({ [row.name]: '  ' }), `${row.name}=' '`).toEqual(defaults);
    }
    expect(loadConfig({ PORT: '', API_ALIASES: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      apiAliases: ['/sw-cms', '/japi/sw-cms', '/japi/sw-cms-cloud'],
      logLevel: 'info',
    });
  });

  it(`turns the API aliases off with API_ALIASES=${NO_ALIASES}, and only then`, () => {
    expect(loadConfig({ API_ALIASES: NO_ALIASES }).apiAliases).toEqual([]);
    expect(loadConfig({ API_ALIASES: ` ${NO_ALIASES} ` }).apiAliases).toEqual([]);
    expect(loadConfig({ API_ALIASES: '' }).apiAliases).toEqual(['/sw-cms', '/japi/sw-cms', '/japi/sw-cms-cloud']);
    expect(loadConfig({ API_ALIASES: '/old' }).apiAliases).toEqual(['/old']);
    expect(ENV_VARS.API_ALIASES.meaning).toContain(`${NO_ALIASES} = no aliases`);
  });

  it('names the variable of every bad value', () => {
    const problems = problemsOf({ PORT: 'eighty', UPSTREAM_TIMEOUT_MS: '-5', LOG_LEVEL: 'loud', SITE_ENGLISH: 'maybe' });
    expect(problems.join('\n')).toMatch(/^PORT="eighty": must be a whole number/m);
    expect(problems.join('\n')).toMatch(/^UPSTREAM_TIMEOUT_MS=/m);
    expect(problems.join('\n')).toMatch(/^LOG_LEVEL=/m);
    expect(problems.join('\n')).toMatch(/^SITE_ENGLISH=/m);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/PORT.*at most 65535/);
    expect(problemsOf({ UPSTREAM_URL: 'cms.internal' })[0]).toMatch(/UPSTREAM_URL.*http\(s\) URL/);
  });

  it('requires APP_ID and TOKEN_KEY with UPSTREAM_URL, and a key of an AES length', () => {
    const missing = problemsOf({ UPSTREAM_URL: 'http://cms:8080' }).join('\n');
    expect(missing).toMatch(/APP_ID is required when UPSTREAM_URL is set/);
    expect(missing).toMatch(/TOKEN_KEY is required when UPSTREAM_URL is set/);
    expect(problemsOf({ ...upstream, TOKEN_KEY: 'short' })[0]).toBe(
      'TOKEN_KEY must be 16, 24 or 32 bytes of UTF-8 (AES-128/192/256); it is 5',
    );
    const config = loadConfig(upstream);
    expect(config.upstreamUrl).toBe('http://cms.internal:8080');
    expect(config.tokenKey).toBe(KEY);
  });

  it('parses TRUST_PROXY, booleans and the prefix', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(loadConfig({ SITE_ENGLISH: 'true', IMAGE_WATERMARK: '1' }).site).toMatchObject({ english: true, watermark: true });
    expect(loadConfig({ UPSTREAM_PREFIX: '/japi/sw-cms' }).gateways.content).toBe('/japi/sw-cms');
    expect(problemsOf({ UPSTREAM_PREFIX: 'japi/' })[0]).toMatch(/UPSTREAM_PREFIX/);
    expect(problemsOf({ ADMIN_TOKEN: 'short' })[0]).toMatch(/ADMIN_TOKEN.*16 characters/);
  });

  it('checks CACHE_RULES names against the catalogue and refuses writes', () => {
    expect(loadConfig({ CACHE_RULES: 'queryAllChannel=600, queryArchivesList=60' }).cache.rules).toEqual({
      queryAllChannel: 600,
      queryArchivesList: 60,
    });
    expect(problemsOf({ CACHE_RULES: 'queryEverything=5' })[0]).toMatch(/CACHE_RULES.*"queryEverything" is not an endpoint/);
    expect(problemsOf({ CACHE_RULES: 'addMessage=5' })[0]).toMatch(/"addMessage" is a write; writes are never cached/);
    expect(problemsOf({ CACHE_RULES: 'queryAllChannel:5' })[0]).toMatch(/is not name=seconds/);
  });

  it('resolves lifetimes: CACHE_RULES > rules file > CACHE_TTL_S > catalogue default', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'edge-config-')), 'rules.json');
    writeFileSync(file, JSON.stringify({ queryAllChannel: 100, queryExhibitList: 200 }));
    const config = loadConfig({ CACHE_RULES_FILE: file, CACHE_RULES: 'queryAllChannel=5', CACHE_TTL_S: '7' });
    const ttl = createLiveRules(config.cache).ttlFor;
    expect(ttl('queryAllChannel')).toBe(5);
    expect(ttl('queryExhibitList')).toBe(200);
    expect(ttl('queryArchivesList')).toBe(7);
    expect(ttl('addMessage')).toBe(0);
    expect(createLiveRules(loadConfig({}).cache).ttlFor('queryAllChannel')).toBe(600);

    writeFileSync(file, '{"queryAllChannel": "ten"}');
    expect(problemsOf({ CACHE_RULES_FILE: file })[0]).toMatch(/^CACHE_RULES_FILE=.*JSON object of endpoint names/);
    expect(problemsOf({ CACHE_RULES_FILE: '/nonexistent/rules.json' })[0]).toMatch(/^CACHE_RULES_FILE=.*ENOENT/);
  });
});
