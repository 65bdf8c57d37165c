// The token check of the reference content service: every catalogue call refuses a missing,
// undecryptable, malformed, stale or wrongly addressed token with 401 { code: 401, msg }.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, buildPath } from '../../shared/endpoints.ts';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { createCmsServer } from '../../cms/server.ts';
import { FIXTURE_FILES } from './cms-fixture.ts';
import { call, seedFixtureDb, signedHeaders, startCms, TOKEN_KEY, type RunningCms } from './cms-harness.ts';

const NOW = Date.UTC(2026, 10, 1, 2, 0, 0);
const SKEW = 60_000;

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;
let svc: RunningCms;

beforeAll(async () => {
  seeded = await seedFixtureDb();
  svc = await startCms({ db: seeded.db, now: () => NOW, tokenMaxSkewMs: SKEW });
});

afterAll(async () => {
  await svc?.close();
  seeded?.remove();
});

const gallery = (headers: Record<string, string>) => call(svc.url, 'queryGalleryList', { params: { path: 'home' }, headers });

describe('token check', () => {
  it('accepts a fresh token signed with the key, whatever the header case', async () => {
    const ok = await gallery(signedHeaders({ now: NOW }));
    expect(ok.status).toBe(200);
    const { token, appId } = signedHeaders({ now: NOW - SKEW + 1000 });
    expect((await gallery({ Token: token!, Appid: appId! })).status).toBe(200);
  });

  it('refuses every catalogue call without a token, by every method it accepts, before reading its body', async () => {
    for (const e of ENDPOINTS) {
      const params = Object.fromEntries([...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => [m[1]!, '1']));
      for (const method of e.accepts) {
        const res = await fetch(`${svc.url}${buildPath(e, params)}`, {
          method,
          headers: { appId: 'museum-portal-demo', 'content-type': 'application/json' },
          body: method === 'POST' ? '{not json' : undefined,
        });
        expect(res.status, `${method} ${e.name}`).toBe(401);
        expect(await res.json(), e.name).toEqual({ code: 401, msg: 'Missing token header', data: null });
      }
    }
  });

  /** The first cipher character changed (to another one: a token may begin with `A` by chance). */
  const tampered = (h: Record<string, string>): Record<string, string> => ({
    ...h,
    token: `${h.token!.startsWith('A') ? 'B' : 'A'}${h.token!.slice(1)}`,
  });

  it.each([
    ['signed with another key', () => signedHeaders({ now: NOW, key: 'another-key-of-32-characters-xyz' }), /cannot be decrypted/],
    ['tampered', () => tampered(signedHeaders({ now: NOW })), /Invalid token/],
    ['not base64', () => ({ ...signedHeaders({ now: NOW }), token: 'not a token!' }), /cannot be decrypted/],
    ['stale (older than the skew)', () => signedHeaders({ now: NOW - SKEW - 1000 }), /expired/],
    ['from the future (beyond the skew)', () => signedHeaders({ now: NOW + SKEW + 1000 }), /expired/],
    ['with the wrong appId', () => signedHeaders({ now: NOW, appId: 'someone-else' }), /Unknown appId/],
    ['without an appId', () => ({ token: signedHeaders({ now: NOW }).token! }), /Missing appId/],
  ] as Array<[string, () => Record<string, string>, RegExp]>)('refuses a token %s with 401', async (_label, headers, message) => {
    const r = await gallery(headers());
    expect(r.status).toBe(401);
    expect(r.body.code).toBe(401);
    expect(r.body.msg).toMatch(message);
    expect(r.body.data).toBeNull();
  });

  it('refuses a token whose plaintext is not six digits and a timestamp', async () => {
    const cipher = createAesEcbCipher(TOKEN_KEY);
    const r = await gallery({ token: cipher.encrypt(`abcdef${NOW}`), appId: 'museum-portal-demo' });
    expect(r.status).toBe(401);
    expect(r.body.msg).toMatch(/six digits/);
  });

  it('does not ask a token for files', async () => {
    expect((await fetch(`${svc.url}/file/${FIXTURE_FILES.pdf}`)).status).toBe(200);
  });

  it('will not start with a key of the wrong length', async () => {
    await expect(createCmsServer({ db: seeded.db, appId: 'x', tokenKey: 'short', logger: false })).rejects.toThrow(/16, 24 or 32/);
  });
});
