import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CMS_CONFIG_TABLE, loadCmsConfig } from '../../cms/config.ts';
import { DEPLOYED_GATEWAYS } from '../../shared/endpoints.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';

describe('cms environment', () => {
  it('defaults to port 8081, data/cms.sqlite, the deployed gateways, the demo credentials and no faults', () => {
    const c = loadCmsConfig({});
    expect(c).toMatchObject({
      port: 8081,
      db: 'data/cms.sqlite',
      appId: DEMO_APP_ID,
      tokenKey: DEMO_TOKEN_KEY,
      demoCredentials: true,
      tokenMaxSkewMs: 300_000,
      gateways: DEPLOYED_GATEWAYS,
      faults: { latencyMs: 0, failStatus: 0, failRate: 0 },
    });
    expect(c.gateways).toEqual({ content: '/japi/sw-cms', file: '/japi/sw-file-cloud', search: '/japi/sw-es', report: '/japi/sw-cms-zb' });
    expect(DEMO_TOKEN_KEY).toHaveLength(32);
  });

  it('reads every variable, treating empty ones as unset', () => {
    const c = loadCmsConfig({
      CMS_PORT: '9000',
      CMS_DB: '/tmp/x.sqlite',
      APP_ID: 'museum',
      TOKEN_KEY: '0123456789abcdef',
      TOKEN_MAX_SKEW_MS: '1000',
      UPSTREAM_PREFIX: '/japi/sw-cms-cloud/',
      UPSTREAM_FILE_PREFIX: '/japi/sw-file-cloud',
      UPSTREAM_SEARCH_PREFIX: '',
      CMS_FAULT_LATENCY_MS: '20',
      CMS_FAULT_STATUS: '502',
      CMS_FAULT_RATE: '0.25',
      LOG_LEVEL: '',
    });
    expect(c).toMatchObject({
      port: 9000,
      db: '/tmp/x.sqlite',
      appId: 'museum',
      tokenKey: '0123456789abcdef',
      demoCredentials: false,
      tokenMaxSkewMs: 1000,
      // Set ones as given; unset (or empty) ones nested below the content gateway, as the edge reads them.
      gateways: {
        content: '/japi/sw-cms-cloud',
        file: '/japi/sw-file-cloud',
        search: '/japi/sw-cms-cloud/sw-es',
        report: '/japi/sw-cms-cloud/sw-cms-zb',
      },
      faults: { latencyMs: 20, failStatus: 502, failRate: 0.25 },
      logLevel: 'info',
    });
  });

  it('takes an empty or blank value as unset: every variable gets its default, as in the edge', () => {
    const defaults = loadCmsConfig({});
    for (const row of CMS_CONFIG_TABLE) {
      expect(loadCmsConfig({ [row.name]: '' }), `${row.name}=`).toEqual(defaults);
      expect(loadCmsConfig({ [row.name]: ' \t' }), `${row.name}=' '`).toEqual(defaults);
    }
    expect(CMS_CONFIG_TABLE.find((row) => row.name === 'CMS_PORT')?.default).toBe('8081');
  });

  it('documents exactly what it reads: each row changes the service or is refused by name, and nothing else reads the environment', () => {
    const defaults = loadCmsConfig({});
    for (const row of CMS_CONFIG_TABLE) {
      let outcome: unknown;
      try {
        outcome = loadCmsConfig({ [row.name]: 'x-not-a-default' });
      } catch (err) {
        outcome = err;
      }
      if (outcome instanceof Error) expect(outcome.message, row.name).toContain(`${row.name}:`);
      else expect(outcome, row.name).not.toEqual(defaults);
    }
    const cmsDir = join(import.meta.dirname, '../../cms');
    const readers = (readdirSync(cmsDir, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        (readFileSync(join(cmsDir, file), 'utf8').match(/.*process\.env.*/g) ?? []).map((line) => `${file}: ${line.trim()}`),
      );
    expect(readers).toEqual(['main.ts: config = loadCmsConfig(process.env);']);
  });

  it('stops on bad values with a message naming each variable', () => {
    const bad = (): unknown =>
      loadCmsConfig({ CMS_PORT: 'eighty', TOKEN_KEY: 'too-short', CMS_FAULT_RATE: '1.5', CMS_FAULT_STATUS: '200', CMS_PREFIX: 'no-slash' });
    expect(bad).toThrow(/CMS_PORT: must be a whole number/);
    expect(bad).toThrow(/TOKEN_KEY: must be 16, 24 or 32 bytes/);
    expect(bad).toThrow(/CMS_FAULT_RATE: must be a number from 0 to 1/);
    expect(bad).toThrow(/CMS_FAULT_STATUS/);
    expect(bad).toThrow(/CMS_PREFIX/);
    expect(() => loadCmsConfig({ UPSTREAM_FILE_PREFIX: 'sw-file' })).toThrow(/UPSTREAM_FILE_PREFIX: must be a path/);
    expect(() => loadCmsConfig({ CMS_PORT: '70000' })).toThrow(/CMS_PORT: must be at most 65535/);
  });

  it('keeps the deprecated CMS_PREFIX as the content gateway, the other services nested below it', () => {
    expect(loadCmsConfig({ CMS_PREFIX: '/japi/sw-cms' }).gateways).toEqual({
      content: '/japi/sw-cms',
      file: '/japi/sw-cms/sw-file',
      search: '/japi/sw-cms/sw-es',
      report: '/japi/sw-cms/sw-cms-zb',
    });
    expect(loadCmsConfig({ CMS_PREFIX: '/old', UPSTREAM_PREFIX: '/new' }).gateways.content).toBe('/new');
  });

  it('never puts the key in its error messages', () => {
    try {
      loadCmsConfig({ TOKEN_KEY: 'secret-but-17-chr' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).not.toContain('secret-but-17-chr');
    }
  });
});
