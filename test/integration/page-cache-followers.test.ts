// A render that ends without a stored page settles the requests waiting behind it at once, whatever
// ended it. The sharpest case: Node's parser refuses a request whose framing breaks after its headers
// (`Transfer-Encoding: gzip`, a chunk line that is no hex number) with a 400 and closes the socket while
// the page cache has already taken the request as the render of that page. The requests for the same
// page behind it must not wait for an answer that is gone: the follow limit is the only thing that
// would release them, so a follower that waited it out is the defect (`followTimeouts`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../world/world.ts';
import { bodyText, sendRaw, type RawRequest } from './raw-http.ts';

let world: World;
let port: number;
let offsetMs = 0;

beforeAll(async () => {
  world = await startWorld({ content: 'pages', now: () => Date.now() + offsetMs });
  port = Number(new URL(world.url).port);
});
afterAll(async () => world?.close());

/** Framing that breaks after the headers, so the request reaches the edge before Node refuses it. */
const BROKEN_FRAMINGS: Record<string, Pick<RawRequest, 'headers' | 'body'>> = {
  'Transfer-Encoding: gzip': { headers: [['Transfer-Encoding', 'gzip']] },
  'a chunk line that is no number': { headers: [['Transfer-Encoding', 'chunked']], body: 'zz\r\n' },
};

const followTimeouts = (): number => world.edge.pageCache!.stats().followTimeouts;

async function brokenThenNormal(target: string, framing: Pick<RawRequest, 'headers' | 'body'>) {
  const broken = await sendRaw(port, { method: 'GET', target, ...framing, headers: [['Accept', 'text/html'], ...(framing.headers ?? [])] });
  const normal = await sendRaw(port, { method: 'GET', target, headers: [['Accept', 'text/html']] }, 60_000);
  return { broken, normal };
}

describe('a render whose request breaks after its headers', () => {
  const pages: Array<[string, string, number, RegExp]> = [
    ['a list page', '/News/SNews?page=2', 200, /data-screen="list"/],
    ['the not-found page', '/News/SNews/no-such-record-here', 404, /很抱歉，无法打开您要找的页面/],
    ['a search', '/Search?key=%E5%8D%9A%E7%89%A9', 200, /data-screen="search"/],
  ];
  for (const [framingName, framing] of Object.entries(BROKEN_FRAMINGS)) {
    for (const [what, path, status, marker] of pages) {
      it(`${framingName}, ${what}: the next visitor gets the page without waiting on the broken one`, async () => {
        const target = `${path}${path.includes('?') ? '&' : '?'}f=${encodeURIComponent(framingName)}`;
        const before = followTimeouts();
        const { broken, normal } = await brokenThenNormal(target, framing);
        expect(broken.status).toBe(400);
        expect(normal.status).toBe(status);
        expect(bodyText(normal)).toMatch(marker);
        expect(followTimeouts()).toBe(before);
      });
    }
  }

  it('a stored list page past every window: the broken request does not hold the next visitor either', async () => {
    const target = '/News/SNews?page=3';
    const first = await sendRaw(port, { method: 'GET', target, headers: [['Accept', 'text/html']] });
    expect(first.status).toBe(200);
    await expect.poll(async () => (await sendRaw(port, { method: 'GET', target })).headers.find(([n]) => n === 'x-cache')?.[1]).toBe('HIT');
    offsetMs += 24 * 3600 * 1000; // past PAGE_CACHE_TTL_S and both stale windows
    const before = followTimeouts();
    const { broken, normal } = await brokenThenNormal(target, BROKEN_FRAMINGS['Transfer-Encoding: gzip']!);
    expect(broken.status).toBe(400);
    expect(normal.status).toBe(200);
    expect(bodyText(normal)).toMatch(/data-screen="list"/);
    expect(followTimeouts()).toBe(before);
  });
});
