// An article read through the API proxy counts one view at the service, as a page view does, however
// the edge answers it: through real sockets to the reference service, whose visitCount is read from
// its database after the edge's visit queue is idle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleId } from '../world/requests.ts';
import { startWorld, type StartedEdge, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const visitCount = (n: number): number =>
  (world.cms.cms.db.prepare('SELECT visitCount FROM archives WHERE archivesId = ?').get(n) as { visitCount: number }).visitCount;

const read = async (edge: StartedEdge, path: string): Promise<string | null> => {
  const res = await fetch(`${edge.url}${path}`);
  expect(res.status, path).toBe(200);
  await res.arrayBuffer();
  return res.headers.get('x-cache');
};

describe('views of articles read through the API', () => {
  it("counts one per read, answered from the service or the cache, at the old site's paths too", async () => {
    const before = visitCount(3);
    const paths = [
      `/api/queryArchivesById/${articleId(3)}`,
      `/japi/sw-cms/api/queryArchivesById/${articleId(3)}`,
      `/sw-cms/api/queryArchivesById/${articleId(3)}`,
    ];
    const labels: Array<string | null> = [];
    for (const path of [...paths, ...paths]) labels.push(await read(world, path));
    expect(labels).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'HIT', 'HIT']);
    await world.edge.visits.idle();
    expect(visitCount(3) - before).toBe(6);
  });

  it('counts every one of concurrent reads that waited on one call to the service', async () => {
    const before = visitCount(4);
    world.cms.cms.calls.reset();
    world.cms.cms.faults.set({ latencyMs: 100 });
    let labels: Array<string | null>;
    try {
      labels = await Promise.all(Array.from({ length: 6 }, () => read(world, `/api/queryArchivesById/${articleId(4)}`)));
    } finally {
      world.cms.cms.faults.reset();
    }
    expect(labels).toEqual(labels.map(() => 'MISS'));
    await world.edge.visits.idle();
    expect(visitCount(4) - before).toBe(6);
    // One call answered them all; the other five views were told to the service afterwards.
    expect(world.cms.cms.calls.count('queryArchivesById')).toBe(6);
  });

  it('counts a stale answer once: the refresh it starts is its view at the service', async () => {
    let shift = 0;
    const edge = await world.startEdge({ CACHE_SWR_S: '30' }, { now: () => Date.now() + shift });
    const path = `/api/queryArchivesById/${articleId(5)}`;
    const before = visitCount(5);
    expect(await read(edge, path)).toBe('MISS');
    const stored = edge.edge.cache.entries().find((e) => e.key === `GET ${path}`)!.storedAt;
    shift = 31_000; // past the article's 30 s of fresh life, inside the revalidate window
    expect(await read(edge, path)).toBe('STALE');
    for (let i = 0; i < 200 && edge.edge.cache.entries().find((e) => e.key === `GET ${path}`)?.storedAt === stored; i += 1) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(edge.edge.cache.entries().find((e) => e.key === `GET ${path}`)?.storedAt).not.toBe(stored);
    await edge.edge.visits.idle();
    expect(visitCount(5) - before).toBe(2);
  });
});
