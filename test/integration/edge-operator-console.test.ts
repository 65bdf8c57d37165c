// The operator console at /_edge/: 401 with a Basic challenge without the token; rendered with it (Bearer
// or the Basic password); strict CSP and no script; the rules form and the purge (with a confirmation)
// work as plain forms; per-endpoint figures in GET /_edge/cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

const ADMIN = 'operator-token-0123456789';
let world: World;
beforeAll(async () => {
  world = await startWorld({ env: { ADMIN_TOKEN: ADMIN } });
  for (const channelNo of ['Media', 'SNews', 'Media']) {
    await postJson(`${world.url}/api/queryArchivesList`, { entity: { channelNo }, param: { pageNum: 1, pageSize: 5 } });
  }
  await fetch(`${world.url}/api/queryAllChannel/CN`);
  world.edge.operator.history.sample();
});
afterAll(() => world.close());

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const get = (path: string, authorization?: string) =>
  fetch(`${world.url}${path}`, { headers: authorization ? { authorization } : {}, redirect: 'manual' });
const postForm = (path: string, fields: Record<string, string>, authorization = `Bearer ${ADMIN}`, headers: Record<string, string> = {}) =>
  fetch(`${world.url}${path}`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;

describe('the console needs the token', () => {
  it('answers 401 with a Basic challenge without it or with a wrong one', async () => {
    for (const auth of [undefined, basic('ops', 'wrong-token-wrong-token'), `Bearer wrong-token-wrong-token`, 'Basic !!!']) {
      const res = await get('/_edge/', auth);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Basic realm="edge"/);
      const body = await res.text();
      expect(body).not.toContain(ADMIN);
      expect(body).not.toContain('Cache rules');
    }
    expect((await get('/_edge')).status).toBe(401);
  });

  it('renders with the token as Bearer and as the Basic password (any user name)', async () => {
    for (const auth of [`Bearer ${ADMIN}`, basic('ops', ADMIN), basic('', ADMIN)]) {
      const res = await get('/_edge/', auth);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline' ;script");
      const html = await res.text();
      expect(html).not.toMatch(/<script/i); // nothing to run: the strict CSP holds
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toContain(ADMIN);
      expect(html).toContain('<link rel="stylesheet" href="/edge/console.css">');
      for (const part of ['Upstream', 'API cache', 'Page cache', 'Last hour', 'Endpoints', 'Cache rules', 'Purge', 'Last purges'])
        expect(html).toContain(part);
      expect(html).toMatch(/<code>queryArchivesList<\/code>/);
      expect(html).toMatch(/<svg viewBox="0 0 300 72"[^>]*role="img"/);
      expect(html).toContain('action="/_edge/rules"');
      expect(html).toContain('action="/_edge/purge"');
    }
  });

  it('keeps the JSON routes on Bearer challenges', async () => {
    const res = await get('/_edge/cache');
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="edge"/);
    expect((await get('/_edge/cache', basic('ops', ADMIN))).status).toBe(200);
  });
});

describe('GET /_edge/cache per endpoint', () => {
  it('has entries, bytes, hits, misses, stale, hit ratio and upstream p50/p95 for each endpoint', async () => {
    const res = await get('/_edge/cache', `Bearer ${ADMIN}`);
    const body = (await res.json()) as {
      upstream: { entries: number; bytes: number };
      endpoints: Record<
        string,
        {
          entries: number;
          bytes: number;
          hits: number;
          misses: number;
          stale: number;
          hitRatio: number | null;
          upstream: { calls: number; p50Ms: number | null; p95Ms: number | null };
        }
      >;
    };
    const list = body.endpoints.queryArchivesList!;
    expect(list.entries).toBe(2);
    expect(list.misses).toBe(2);
    expect(list.hits).toBe(1);
    expect(list.hitRatio).toBeCloseTo(1 / 3);
    expect(list.bytes).toBeGreaterThan(0);
    expect(list.upstream.calls).toBe(2);
    expect(list.upstream.p50Ms).toBeGreaterThan(0);
    expect(list.upstream.p95Ms).toBeGreaterThanOrEqual(list.upstream.p50Ms!);
    expect(body.endpoints.queryMessageList).toMatchObject({ entries: 0, hits: 0, hitRatio: null });
    const sum = Object.values(body.endpoints).reduce((n, e) => n + e.bytes, 0);
    expect(Math.abs(sum - body.upstream.bytes)).toBeLessThanOrEqual(Object.keys(body.endpoints).length); // rounding only
    expect(Object.values(body.endpoints).reduce((n, e) => n + e.entries, 0)).toBe(body.upstream.entries);
  });
});

describe('console forms (no JavaScript needed)', () => {
  it('the rules form applies the filled-in lifetimes, and a bad one refuses the form whole', async () => {
    const html = await (await get('/_edge/', `Bearer ${ADMIN}`)).text();
    const csrf = csrfOf(html);
    expect((await postForm('/_edge/rules', { 'ttl.queryAllChannel': '120' })).status).toBe(403); // no form token
    expect(
      (await postForm('/_edge/rules', { csrf, 'ttl.queryAllChannel': '120' }, basic('ops', ADMIN), { 'sec-fetch-site': 'cross-site' }))
        .status,
    ).toBe(403);

    const ok = await postForm(
      '/_edge/rules',
      { csrf, 'ttl.queryAllChannel': '120', 'ttl.queryArchivesList': '', 'ttl.queryExhibitList': ' 15 ' },
      basic('ops', ADMIN),
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/_edge/?rules=applied#rules');
    expect(world.edge.operator.rules.api()).toEqual({ queryAllChannel: 120, queryExhibitList: 15 });
    expect(await (await get('/_edge/?rules=applied', `Bearer ${ADMIN}`)).text()).toContain('Rules applied.');

    const bad = await postForm('/_edge/rules', {
      csrf,
      'ttl.queryAllChannel': '300',
      'ttl.queryExhibitList': 'ten',
      'ttl.addMessage': '5',
    });
    expect(bad.status).toBe(400);
    const page = await bad.text();
    expect(page).toContain('refused whole');
    expect(page).toContain('&quot;queryExhibitList&quot;: &quot;ten&quot;');
    expect(page).toContain('value="ten"'); // what was typed is kept
    expect(world.edge.operator.rules.api()).toEqual({ queryAllChannel: 120, queryExhibitList: 15 });

    // Empty fields everywhere: no API rule left.
    expect((await postForm('/_edge/rules', { csrf })).status).toBe(303);
    expect(world.edge.operator.rules.api()).toEqual({});
  });

  it('purge asks for confirmation first, then purges and lists it', async () => {
    const csrf = csrfOf(await (await get('/_edge/', `Bearer ${ADMIN}`)).text());
    const before = world.edge.cache.stats().entries;
    expect(before).toBeGreaterThan(0);
    const review = await postForm('/_edge/purge', { csrf, kind: 'prefix', value: '/api/queryArchivesList' });
    expect(review.status).toBe(200);
    const confirm = await review.text();
    expect(confirm).toContain('Confirm purge');
    expect(confirm).toMatch(/<strong>2<\/strong> cached answers match/);
    expect(confirm).toContain('name="confirm" value="yes"');
    expect(world.edge.cache.stats().entries).toBe(before); // nothing yet

    expect((await postForm('/_edge/purge', { kind: 'prefix', value: '/api/queryArchivesList', confirm: 'yes' })).status).toBe(403);
    const done = await postForm(
      '/_edge/purge',
      { csrf, kind: 'prefix', value: '/api/queryArchivesList', confirm: 'yes' },
      basic('x', ADMIN),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/_edge/?purged=2#purge');
    expect(world.edge.cache.stats().entries).toBe(before - 2);

    const page = await (await get('/_edge/?purged=2', `Bearer ${ADMIN}`)).text();
    expect(page).toContain('Purged 2 cached answers.');
    expect(page).toMatch(/<code>prefix \/api\/queryArchivesList<\/code> — 2 entries/);

    // The JSON purge is listed too.
    await postJson(`${world.url}/_edge/purge`, { tag: 'queryAllChannel' }, { authorization: `Bearer ${ADMIN}` });
    const cache = (await (await get('/_edge/cache', `Bearer ${ADMIN}`)).json()) as {
      recentPurges: Array<{ selector: string; via: string }>;
    };
    expect(cache.recentPurges.map((p) => `${p.via} ${p.selector}`)).toEqual([
      'console prefix /api/queryArchivesList',
      'api tag queryAllChannel',
    ]);

    expect((await postForm('/_edge/purge', { csrf, kind: 'prefix', value: '' })).status).toBe(400);
  });
});
