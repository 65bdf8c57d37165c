// The cluster's parts without processes: the IPC channel over an in-memory pair of ports (messages go
// through JSON as Node's IPC does), the purge relay between real response caches, the shared write
// budget, the metrics aggregation across a worker's death, and the restart policy.
// test/integration/cluster-workers.test.ts runs the same parts as a real primary with workers.
import { Counter, Gauge, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ClusterRateStore,
  createChannel,
  createRateCounts,
  NO_RULES,
  relayClusterRules,
  shareClusterRules,
  type Channel,
  type IpcPort,
} from '../../server/sharing/cluster.ts';
import { ipcPair } from '../world/ipc.ts';
import { restartDelay } from '../../server/process/primary.ts';
import { createClusterBus, joinPurgeBuses, relayClusterPurges } from '../../server/sharing/purge.ts';
import { loadConfig } from '../../server/config.ts';
import { createLiveRules } from '../../server/content/lifetimes.ts';
import { createMetricsAggregator, metricsForAggregation } from '../../server/ops/metrics.ts';
import { createResponseCache, type ResponseCache } from '../../server/cache/response-cache.ts';
import type { Options } from 'express-rate-limit';

/** Two ends of one link, like `process` in a worker and its `Worker` in the primary. */
function portPair(): [IpcPort, IpcPort] {
  const { worker, primary } = ipcPair();
  return [worker, primary];
}

/** A worker end and the primary's end of one link. */
function link(): { worker: Channel; primary: Channel } {
  const [w, p] = portPair();
  return { worker: createChannel(w), primary: createChannel(p) };
}

const caches: ResponseCache[] = [];
afterEach(() => caches.splice(0).forEach((c) => c.close()));
// The links hop by setImmediate (test/world/ipc.ts): twenty turns of the event loop carry any message of
// these tests to its end, however slow each turn is.
const tick = async () => {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((r) => setImmediate(r));
};

describe('cluster channel', () => {
  it('answers an ask with the handler value, and a throw as a failed ask', async () => {
    const { worker, primary } = link();
    primary.onAsk('double', (n) => (n as number) * 2);
    primary.onAsk('broken', () => {
      throw new Error('no figures');
    });
    expect(await worker.ask<number>('double', 21, 1000)).toBe(42);
    await expect(worker.ask('broken', null, 1000)).rejects.toThrow('no figures');
    await expect(worker.ask('unknown', null, 1000)).rejects.toThrow(/nothing answers "unknown"/);
  });

  it('fails an ask nobody answers within its time, and every waiting ask on close', async () => {
    const [lonely] = portPair();
    const channel = createChannel(lonely);
    await expect(channel.ask('metrics', null, 30)).rejects.toThrow('no answer to "metrics" within 30 ms');
    const waiting = channel.ask('metrics', null, 10_000);
    channel.close();
    await expect(waiting).rejects.toThrow('channel closed');
  });
});

describe('cluster purge bus', () => {
  it('a purge on one worker empties the others, once, without echoing back', async () => {
    const links = [link(), link(), link()];
    for (const l of links) relayClusterPurges(l.primary, () => links.map((x) => x.primary));
    const workers = links.map((l) => {
      const cache = createResponseCache({ maxBytes: 1_000_000, swrS: 0, staleIfErrorS: 0, now: Date.now });
      caches.push(cache);
      const purges: unknown[] = [];
      cache.onPurge((selector) => purges.push(selector));
      joinPurgeBuses(cache, [createClusterBus(l.worker)]);
      return { cache, purges };
    });
    const spec = (tag: string) => ({
      endpoint: 'queryArchivesList',
      ttlS: 60,
      tags: () => [tag],
      load: async () => Buffer.from('{"code":200}'),
    });
    for (const w of workers) {
      await w.cache.lookup('news', spec('channel:News'));
      await w.cache.lookup('home', spec('channel:Home'));
    }
    workers[0]!.cache.purge({ tag: 'channel:News' });
    await tick();
    for (const w of workers) {
      expect(w.cache.stats().entries).toBe(1); // `home` stays everywhere
      expect(w.purges).toEqual([{ tag: 'channel:News' }]); // once each: no echo from the others
    }
  });
});

describe('cluster operator rules', () => {
  /** A primary with `n` worker links, each worker with its own live rules. */
  async function cluster(n: number) {
    const kept = { apiRules: NO_RULES };
    const links: Array<{ worker: Channel; primary: Channel }> = [];
    const addWorker = async () => {
      const l = link();
      links.push(l);
      relayClusterRules(l.primary, () => links.map((x) => x.primary), kept);
      const rules = createLiveRules(loadConfig({ CACHE_TTL_S: '7' }).cache);
      await shareClusterRules(l.worker, rules);
      return { rules, worker: l.worker, primary: l.primary };
    };
    const workers = [];
    for (let i = 0; i < n; i += 1) workers.push(await addWorker());
    return { workers, addWorker, kept };
  }
  const ttlOf = (w: { rules: ReturnType<typeof createLiveRules> }, name: 'queryAllChannel' | 'queryArchivesList' = 'queryAllChannel') =>
    w.rules.ttlFor(name);

  it('a rule set on one worker is in force on every worker, and a worker started later starts with it', async () => {
    const { workers, addWorker } = await cluster(3);
    workers[1]!.rules.setApi({ queryAllChannel: 42 });
    await tick();
    expect(workers.map((w) => ttlOf(w))).toEqual([42, 42, 42]);
    const replacement = await addWorker();
    expect(ttlOf(replacement)).toBe(42);
  });

  it('two changes made at once on two workers end the same everywhere (the primary’s order)', async () => {
    const { workers, kept } = await cluster(2);
    workers[0]!.rules.setApi({ queryAllChannel: 10 });
    workers[1]!.rules.setApi({ queryAllChannel: 20 });
    await tick();
    const last = kept.apiRules.rules.queryAllChannel;
    expect([10, 20]).toContain(last);
    expect(workers.map((w) => ttlOf(w))).toEqual([last, last]);
  });

  it('two workers changing different endpoints at once both keep their change', async () => {
    const { workers } = await cluster(2);
    // Each worker builds its layer from what it knows, as PUT /_edge/rules does.
    workers[0]!.rules.setApi({ ...workers[0]!.rules.api(), queryAllChannel: 11 });
    workers[1]!.rules.setApi({ ...workers[1]!.rules.api(), queryArchivesList: 22 });
    await tick();
    for (const w of workers) expect([ttlOf(w), ttlOf(w, 'queryArchivesList')]).toEqual([11, 22]);
    workers[0]!.rules.setApi({}); // DELETE /_edge/rules
    await tick();
    for (const w of workers) expect([ttlOf(w), ttlOf(w, 'queryArchivesList')]).toEqual([7, 7]);
  });

  it('rules older than those installed (a late answer) are not installed', async () => {
    const { workers } = await cluster(1);
    workers[0]!.primary.note('rules', { seq: 9, rules: { queryAllChannel: 9 } });
    workers[0]!.primary.note('rules', { seq: 8, rules: { queryAllChannel: 3 } });
    await tick();
    expect(ttlOf(workers[0]!)).toBe(9);
  });

  it('a change that is not a rule set is ignored', async () => {
    const { workers } = await cluster(2);
    workers[0]!.rules.setApi({ queryAllChannel: 5 });
    await tick();
    workers[0]!.worker.note('rules-change', { submitMessage: 60, queryAllChannel: -1 });
    workers[0]!.primary.note('rules', { seq: 99, rules: { queryAllChannel: 'x' } });
    await tick();
    expect(workers.map((w) => ttlOf(w))).toEqual([5, 5]);
  });
});

describe('cluster write budget', () => {
  it('counts a client once across workers, in the primary', async () => {
    const counts = createRateCounts();
    const stores = [link(), link()].map((l) => {
      counts.serve(l.primary);
      const store = new ClusterRateStore(l.worker);
      store.init({ windowMs: 60_000 } as Options);
      return store;
    });
    expect((await stores[0]!.increment('10.0.0.1')).totalHits).toBe(1);
    expect((await stores[1]!.increment('10.0.0.1')).totalHits).toBe(2);
    const third = await stores[0]!.increment('10.0.0.1');
    expect(third.totalHits).toBe(3);
    expect(third.resetTime!.getTime()).toBeGreaterThan(Date.now());
    expect((await stores[1]!.increment('10.0.0.2')).totalHits).toBe(1);
    await stores[1]!.decrement('10.0.0.1');
    expect((await stores[0]!.get('10.0.0.1'))?.totalHits).toBe(2);
    await stores[0]!.resetKey('10.0.0.1');
    expect(await stores[1]!.get('10.0.0.1')).toBeUndefined();
    counts.close();
  });
});

describe('metrics across workers', () => {
  function workerRegistry(served: number, draining: number) {
    const registry = new Registry();
    new Counter({ name: 'edge_cache_events_total', help: 'h', labelNames: ['cache', 'event'], registers: [registry] }).inc(
      { cache: 'page', event: 'hit' },
      served,
    );
    new Gauge({ name: 'edge_cache_entries', help: 'h', registers: [registry] }).set(served);
    new Gauge({ name: 'edge_draining', help: 'h', registers: [registry] }).set(draining);
    return registry;
  }
  const value = (text: string, series: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${series} `))
        ?.split(' ')[1],
    );

  it('sums counters and gauges, takes the max of edge_draining, and keeps a dead worker’s counts', async () => {
    const aggregator = createMetricsAggregator();
    const figures = async (a: Registry, b?: Registry) =>
      new Map([[1, await metricsForAggregation(a)], ...(b ? [[2, await metricsForAggregation(b)] as const] : [])]);
    const first = await aggregator.text(await figures(workerRegistry(5, 1), workerRegistry(7, 1)), 2);
    expect(first).toMatch(/^# edge: aggregated across 2 of 2 workers/);
    expect(value(first, 'edge_cache_events_total{cache="page",event="hit"}')).toBe(12);
    expect(value(first, 'edge_cache_entries')).toBe(12);
    expect(value(first, 'edge_draining')).toBe(1); // both draining: 1, not 2
    // Worker 2 dies; its counter stays in the total (no fake counter reset), its gauge goes.
    aggregator.retire(2);
    const after = await aggregator.text(await figures(workerRegistry(6, 0)), 1);
    expect(value(after, 'edge_cache_events_total{cache="page",event="hit"}')).toBe(13);
    expect(value(after, 'edge_cache_entries')).toBe(6);
    expect(value(after, 'edge_draining')).toBe(0);
  });
});

describe('worker restart policy', () => {
  it('replaces a long-lived worker at once, backs off a crash loop, then gives up', () => {
    expect(restartDelay(0, 60_000)).toEqual({ delayMs: 250, quickDeaths: 1 });
    let quick = 0;
    const delays: Array<number | null> = [];
    for (let i = 0; i < 7; i += 1) {
      const d = restartDelay(quick, 1_000);
      quick = d.quickDeaths;
      delays.push(d.delayMs);
    }
    expect(delays).toEqual([250, 500, 1000, 2000, 4000, 8000, null]);
    // A worker that then runs a while starts the count again.
    expect(restartDelay(5, 45_000)).toEqual({ delayMs: 250, quickDeaths: 1 });
    expect(restartDelay(20, 10, { maxQuickDeaths: 100, maxDelayMs: 30_000 }).delayMs).toBe(30_000);
  });
});
