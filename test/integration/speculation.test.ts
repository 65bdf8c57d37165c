// Speculative loading through real sockets: the rules named on every page and served in their type; pages
// the browser asks for on a guess (Sec-Purpose) counting no view at the reference service until their
// view beacon says the visitor opened them; guesses refused when rendering would count a view or while
// renders are under way. Views are read from the service's database once the edge's visit queue is idle;
// renders are held at an upstream gate, so "renders were under way" is a fact the test arranged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECULATIVE_RENDER_LIMIT } from '../../server/pages/speculation.ts';
import { beforeDeadline } from '../world/deadline.ts';
import { articleId } from '../world/requests.ts';
import { startGate } from '../world/upstream-gate.ts';
import { startWorld, type StartedEdge, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ env: { PAGE_CACHE_TTL_S: '60' } });
});
afterAll(() => world.close());

const UA = 'Mozilla/5.0 (speculation tests)';
const PREFETCH = { 'sec-purpose': 'prefetch' };
const PRERENDER = { 'sec-purpose': 'prefetch;prerender' };
/** A watchdog on waits that end because of something the test arranged; far above any answer's time. */
const WATCHDOG_MS = 10_000;

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  text: string;
}

async function get(edge: StartedEdge, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${edge.url}${path}`, { redirect: 'manual', headers: { 'user-agent': UA, ...headers } });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body, text: body.toString('utf8') };
}

const visitCount = (n: number): number =>
  (world.cms.cms.db.prepare('SELECT visitCount FROM archives WHERE archivesId = ?').get(n) as { visitCount: number }).visitCount;

/** The views the service has counted of article `n` once every view the edge owes it has been told. */
async function viewsOf(edge: StartedEdge, n: number): Promise<number> {
  await edge.edge.visits.idle();
  return visitCount(n);
}

const articlePath = (n: number) => `/News/SNews/${articleId(n)}`;
const beaconPath = (n: number) => `/visit/${articleId(n)}`;

/** An edge of its own (its own page cache and pending opens) with article `n` stored by a visitor's view. */
async function withStoredArticle(n: number): Promise<StartedEdge> {
  const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
  const first = await get(edge, articlePath(n));
  expect(first.status).toBe(200);
  expect(first.headers.get('x-cache')).toBe('MISS');
  return edge;
}

async function expectPixel(answer: Answer): Promise<void> {
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('image/gif');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.body.length).toBe(43);
  expect(answer.body.subarray(0, 6).toString('latin1')).toBe('GIF89a');
}

describe('the rules', () => {
  it('are named on a rendered page and on the stored page replayed, which browsers may keep in the back/forward cache', async () => {
    const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
    for (const path of ['/News/SNews', articlePath(1)]) {
      const rendered = await get(edge, path);
      const stored = await get(edge, path);
      expect([rendered.headers.get('x-cache'), stored.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
      for (const answer of [rendered, stored]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('speculation-rules')).toBe('"/speculation-rules.json"');
        expect(answer.headers.get('cache-control')).not.toMatch(/no-store/);
      }
    }
  });

  it('are served in the speculation rules type, cacheable', async () => {
    const answer = await get(world, '/speculation-rules.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/speculationrules+json');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    expect(Object.keys(JSON.parse(answer.text) as object).sort()).toEqual(['prefetch', 'prerender']);
  });
});

describe('the view beacon', () => {
  it('ends every article page, and no other page', async () => {
    const article = await get(world, articlePath(1));
    expect(article.text).toContain(`<img src="${beaconPath(1)}" alt="" width="1" height="1" hidden>\n</body>`);
    const list = await get(world, '/News/SNews');
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('/visit/');
  });

  it('counts one view of a stored article the browser guessed, when the visitor opens it, and only once', async () => {
    const edge = await withStoredArticle(1);
    const before = await viewsOf(edge, 1);
    const guessed = await get(edge, articlePath(1), PREFETCH);
    expect(guessed.status).toBe(200);
    expect(guessed.headers.get('x-cache')).toBe('HIT');
    expect(guessed.text).toContain(beaconPath(1));
    expect(await viewsOf(edge, 1)).toBe(before);
    expect(edge.edge.speculation.pendingOpens()).toBe(1);

    await expectPixel(await get(edge, beaconPath(1)));
    expect(await viewsOf(edge, 1)).toBe(before + 1);
    await expectPixel(await get(edge, beaconPath(1)));
    expect(await viewsOf(edge, 1)).toBe(before + 1);
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
  });

  it('counts nothing without a pending open of that browser, and answers the same', async () => {
    const edge = await withStoredArticle(2);
    const before = await viewsOf(edge, 2);
    await expectPixel(await get(edge, beaconPath(2)));
    expect(await viewsOf(edge, 2)).toBe(before);

    await get(edge, articlePath(2), PREFETCH);
    // Another browser at the same address, and the guessing browser's own prerendered image, count nothing.
    await expectPixel(await get(edge, beaconPath(2), { 'user-agent': 'Another browser' }));
    await expectPixel(await get(edge, beaconPath(2), PRERENDER));
    expect(await viewsOf(edge, 2)).toBe(before);
    expect(edge.edge.speculation.pendingOpens()).toBe(1);
  });

  it("counts nothing after the visitor's own request, which counted the view (a stored page, or one rendered again)", async () => {
    const edge = await withStoredArticle(3);
    const before = await viewsOf(edge, 3);
    await get(edge, articlePath(3), PREFETCH);
    const opened = await get(edge, articlePath(3));
    expect(opened.headers.get('x-cache')).toBe('HIT');
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
    await expectPixel(await get(edge, beaconPath(3)));
    expect(await viewsOf(edge, 3)).toBe(before + 1);

    // The page gone from the cache after the guess: the visitor's request is a render (Express's route).
    await get(edge, articlePath(3), PREFETCH);
    expect(edge.edge.speculation.pendingOpens()).toBe(1);
    edge.edge.pageCache!.purge({ all: true });
    expect((await get(edge, articlePath(3))).headers.get('x-cache')).toBe('MISS');
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
    await get(edge, beaconPath(3));
    expect(await viewsOf(edge, 3)).toBe(before + 2);
  });

  it('answers a guess of a stored article past its revalidate window from the page cache, its view carried by the re-render it starts', async () => {
    let shift = 0;
    const edge = await world.startEdge(
      { PAGE_CACHE_TTL_S: '60', PAGE_CACHE_SWR_S: '0', PAGE_CACHE_STALE_IF_ERROR_S: '600' },
      { now: () => Date.now() + shift },
    );
    expect((await get(edge, articlePath(2))).headers.get('x-cache')).toBe('MISS');
    await expect.poll(() => edge.edge.pageCache!.stats().entries).toBe(1);
    const before = await viewsOf(edge, 2);
    shift += 120_000; // past its lifetime: the door cannot answer it at once, the page route waits for one re-render
    const guessed = await get(edge, articlePath(2), PREFETCH);
    expect(guessed.status).toBe(200);
    expect(['HIT', 'STALE']).toContain(guessed.headers.get('x-cache'));
    expect(guessed.text).toContain(beaconPath(2));
    // The re-render this guess started counts its view (decisions 019, 047): nothing is left to the beacon.
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
    expect(await viewsOf(edge, 2)).toBe(before + 1);
  });

  it('takes nothing but an article id', async () => {
    for (const path of ['/visit', '/visit/', '/visit/a.b', `/visit/${'a'.repeat(65)}`, '/visit/a/b', '/visit/%41', '/visit/a%2Fb']) {
      const answer = await get(world, path);
      expect(answer.status, path).toBe(400);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(JSON.parse(answer.text), path).toMatchObject({ code: 400, error: 'VISIT_ID_INVALID' });
    }
    await expectPixel(await get(world, `/visit/${'a'.repeat(64)}`));
  });

  it('keeps no open for a flood of beacons of ids never guessed', async () => {
    const edge = await world.startEdge();
    for (let i = 0; i < 200; i += 1) await expectPixel(await get(edge, `/visit/flood-${i}`, { 'user-agent': `flood ${i}` }));
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
  });
});

describe('the ping of a search hit whose page lives elsewhere', () => {
  const ping = (edge: StartedEdge, path: string, contentType = 'text/ping') =>
    fetch(`${edge.url}${path}`, { method: 'POST', headers: { 'content-type': contentType, 'user-agent': UA }, body: 'PING' });

  it('counts one view each, as the browser follows the link (hyperlink auditing, no script)', async () => {
    const edge = await world.startEdge();
    const before = await viewsOf(edge, 2);
    const answer = await ping(edge, beaconPath(2));
    expect(answer.status).toBe(204);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await viewsOf(edge, 2)).toBe(before + 1);
    expect((await ping(edge, beaconPath(2))).status).toBe(204);
    expect(await viewsOf(edge, 2)).toBe(before + 2);
  });

  it('is a ping or nothing: another body type is refused and counts no view', async () => {
    const edge = await world.startEdge();
    const before = await viewsOf(edge, 2);
    const answer = await ping(edge, beaconPath(2), 'application/json');
    expect(answer.status).toBe(415);
    expect(await answer.json()).toMatchObject({ code: 415, error: 'VISIT_NOT_A_PING' });
    expect((await ping(edge, '/visit/a.b')).status).toBe(400);
    expect(await viewsOf(edge, 2)).toBe(before);
  });
});

describe('guesses the edge refuses', () => {
  it('an article not stored: rendering it would count a view, so nothing is asked of the service', async () => {
    const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
    const before = await viewsOf(edge, 4);
    world.cms.cms.calls.reset();
    const refused = await get(edge, `/News/Media/${articleId(4)}`, PREFETCH);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(refused.text).toMatch(/^SPECULATION_COUNTS_VIEW: /);
    expect(world.cms.cms.calls.count('queryArchivesById')).toBe(0);
    expect(await viewsOf(edge, 4)).toBe(before);
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
    // Opened, it is rendered as ever.
    expect((await get(edge, `/News/Media/${articleId(4)}`)).status).toBe(200);
    expect(await viewsOf(edge, 4)).toBe(before + 1);
  });

  it('a prerender of an article, stored or not: its beacon would load while nobody looks', async () => {
    const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60' });
    const notStored = await get(edge, articlePath(1), PRERENDER);
    expect(notStored.status).toBe(503);
    expect(notStored.text).toMatch(/^SPECULATION_PRERENDER_COUNTS_VIEW: /);
    expect((await get(edge, articlePath(1))).status).toBe(200);
    const before = await viewsOf(edge, 1);
    const stored = await get(edge, articlePath(1), PRERENDER);
    expect(stored.status).toBe(503);
    expect(stored.headers.get('cache-control')).toBe('no-store');
    expect(stored.text).toMatch(/^SPECULATION_PRERENDER_COUNTS_VIEW: /);
    expect(await viewsOf(edge, 1)).toBe(before);
    expect(edge.edge.speculation.pendingOpens()).toBe(0);
    // A list is prerendered from the store as any guess.
    await get(edge, '/News/SNews');
    expect((await get(edge, '/News/SNews', PRERENDER)).status).toBe(200);
  });

  it('a list page not stored while renders are under way up to the limit; rendered once they are done', async () => {
    const gate = await startGate(world.cms.cms.handler);
    try {
      const edge = await world.startEdge({ PAGE_CACHE_TTL_S: '60', UPSTREAM_URL: gate.url });
      const stats = () => edge.edge.pageCache!.stats();
      gate.hold();
      const held = ['/News/SNews', '/News/Media', '/EN_News/EN_SNews'].slice(0, SPECULATIVE_RENDER_LIMIT).map((path) => get(edge, path));
      await beforeDeadline(
        (async () => {
          while (stats().renders < SPECULATIVE_RENDER_LIMIT) await new Promise((r) => setTimeout(r, 5));
        })(),
        WATCHDOG_MS,
        'the held renders under way',
      );
      await beforeDeadline(gate.whenArrived(1), WATCHDOG_MS, 'the held renders at the service');
      const refused = await get(edge, '/News/SNews?care=1', PREFETCH);
      expect(refused.status).toBe(503);
      expect(refused.text).toMatch(/^SPECULATION_BUSY: /);
      // No render of its own was started (the held ones are still at the gate).
      expect(stats().renders).toBe(SPECULATIVE_RENDER_LIMIT);
      expect(gate.waiting()).toBeGreaterThan(0);

      gate.release();
      for (const answer of await beforeDeadline(Promise.all(held), WATCHDOG_MS, 'the held pages')) expect(answer.status).toBe(200);
      const rendered = await get(edge, '/News/SNews?care=1', PREFETCH);
      expect(rendered.status).toBe(200);
      expect(rendered.headers.get('x-cache')).toBe('MISS');
    } finally {
      await gate.close();
    }
  });
});
