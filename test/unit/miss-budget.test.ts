// The miss budget's parts: its store (fixed windows per client, bounded in clients) and the budget across
// cluster workers, whose counts live in the primary (over an in-memory IPC pair, as in cluster-parts).
// test/integration/edge-proxy-limits.test.ts runs it in the edge against the real service.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterRateStore, createChannel, createRateCounts } from '../../server/sharing/cluster.ts';
import { ipcPair } from '../world/ipc.ts';
import { createMissBudget, RecentClientsStore, type MissBudget } from '../../server/proxy/miss-budget.ts';

/** The clients one process keeps counts of; past it the least recent is forgotten. */
const MAX_CLIENTS = 20_000;

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

/** The client's address: the socket's (no proxy in front). */
const addressOf = (req: IncomingMessage): string | undefined => req.socket.remoteAddress;

/** An app whose one route spends a miss when asked to (`?miss=1`), behind the budget's gate. */
async function serve(budget: MissBudget): Promise<string> {
  const app = express();
  app.use(budget.gate, (req, res) => {
    if (req.query.miss === '1') budget.spender(res)?.();
    res.end('ok');
  });
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the miss budget store', () => {
  it('counts per client within a window and starts again after it', async () => {
    let clock = 1_000_000;
    const store = new RecentClientsStore(() => clock);
    store.init({ windowMs: 10_000 });
    expect((await store.increment('a')).totalHits).toBe(1);
    expect((await store.increment('a')).totalHits).toBe(2);
    expect((await store.increment('b')).totalHits).toBe(1);
    expect((await store.get('a'))?.resetTime?.getTime()).toBe(1_010_000);
    clock += 10_000;
    expect(await store.get('a')).toBeUndefined();
    expect((await store.increment('a')).totalHits).toBe(1);
  });

  it('holds at most MAX_CLIENTS clients, the least recent dropped', async () => {
    const store = new RecentClientsStore();
    store.init({ windowMs: 10_000 });
    for (let i = 0; i < MAX_CLIENTS + 5000; i += 1) await store.increment(`client-${i}`);
    expect(store.size).toBe(MAX_CLIENTS);
    expect(await store.get('client-0')).toBeUndefined();
    expect((await store.get(`client-${MAX_CLIENTS + 4999}`))?.totalHits).toBe(1);
  });
});

describe('the miss budget across workers', () => {
  it('is one budget per client: misses spent through one worker are refused by the other', async () => {
    const counts = createRateCounts();
    const urls = await Promise.all(
      [ipcPair(), ipcPair()].map((l) => {
        counts.serve(createChannel(l.primary));
        return serve(createMissBudget({ limit: 2, addressOf, store: new ClusterRateStore(createChannel(l.worker)) }));
      }),
    );
    expect((await fetch(`${urls[0]}/?miss=1`)).status).toBe(200);
    expect((await fetch(`${urls[1]}/?miss=1`)).status).toBe(200);
    const refused = await fetch(`${urls[0]}/?miss=1`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toBe('MISS_LIMITED');
    expect((await fetch(`${urls[1]}/`)).status).toBe(429);
    counts.close();
  });

  it('lets reads through when the counts cannot be read, and is no gate at all with limit 0', async () => {
    const broken = new RecentClientsStore();
    broken.get = () => Promise.reject(new Error('primary gone'));
    const url = await serve(createMissBudget({ limit: 1, addressOf, store: broken }));
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${url}/?miss=1`)).status).toBe(200);
    const off = await serve(createMissBudget({ limit: 0, addressOf }));
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${off}/?miss=1`)).status).toBe(200);
  });
});
