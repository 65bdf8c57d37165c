// Every redirect the edge sends is a path of this site with exactly one leading `/`: a browser reads
// `//host`, `/\host` (and the decimal form of an IPv4 address, `//16843009`, is 1.1.1.1) as another
// site. Requests are written by hand (fetch would normalise `//` and `\` before they leave).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleId } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';
import { LISTS } from './page-fixture.ts';
import { sendRaw, type RawAnswer } from './raw-http.ts';

let world: World;
let port: number;

beforeAll(async () => {
  world = await startWorld({ content: 'pages' });
  port = Number(new URL(world.url).port);
});
afterAll(async () => world?.close());

const ORIGIN = 'http://edge.test';
const header = (a: RawAnswer, name: string): string | undefined => a.headers.find(([n]) => n === name)?.[1];

/** A location a browser at ORIGIN would follow without leaving it. */
function expectOnSite(location: string | undefined, what: string): void {
  expect(location, what).toBeDefined();
  expect(location, what).toMatch(/^\/(?![/\\])/);
  expect(new URL(location!, ORIGIN).origin, what).toBe(ORIGIN);
}

const get = (target: string) => sendRaw(port, { method: 'GET', target, headers: [['Accept', 'text/html']] });

/** Hostile shapes after a segment that a redirect removes or rewrites. */
const HOSTILE_TAILS = [
  '/16843009',
  '/x.example/a',
  '/\\x.example',
  '/%2F%2Fx.example',
  '/%5Cx.example',
  '/%5C%5Cx.example/',
  '//x.example',
  '/\\/x.example',
];

describe("redirects built from the visitor's address stay on the site", () => {
  it('language markers (`/enxh`, `/phoneen`, any case) followed by an empty segment or a backslash', async () => {
    for (const marker of ['/enxh', '/phoneen', '/ENXH', '/PhoneEn', '/News/enxh']) {
      for (const tail of HOSTILE_TAILS) {
        const target = `${marker}/${tail}`;
        const answer = await get(target);
        expect([301, 302, 303, 307, 308, 404], target).toContain(answer.status);
        if (answer.status !== 404) expectOnSite(header(answer, 'location'), target);
      }
    }
  });

  it('`/enxh//16843009` does not send the visitor to 1.1.1.1', async () => {
    const answer = await get('/enxh//16843009');
    expect(answer.status).toBe(302);
    expect(header(answer, 'location')).toBe('/16843009');
  });

  it('section parents and paging keep a hostile query as a query', async () => {
    for (const target of [
      '/News?next=//x.example',
      '/Survey?x=/\\x.example',
      `${LISTS.notice.path}?page=999&r=//x.example`,
      `${LISTS.notice.path}?page=abc&r=%2F%2Fx`,
    ]) {
      const answer = await get(target);
      expect(answer.status, target).toBe(302);
      expectOnSite(header(answer, 'location'), target);
    }
  });

  it('post/redirect/get after a write stays on the page it was posted to', async () => {
    const path = `/News/SNews/${articleId(2)}`;
    const body = `intent=like&id=${articleId(2)}`;
    const answer = await sendRaw(port, {
      method: 'POST',
      target: `${path}?r=//x.example&s=%5C%5Cx`,
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body,
    });
    expect(answer.status).toBe(303);
    expectOnSite(header(answer, 'location'), 'like');
    expect(header(answer, 'location')).toMatch(new RegExp(`^${path}\\?`));
  });
});
