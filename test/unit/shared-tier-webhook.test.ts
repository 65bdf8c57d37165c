// PURGE_WEBHOOK_URL: every local purge is POSTed as {selector, tags}; a slow or failing receiver is cut
// at the time limit and logged, never thrown.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebhookBus } from '../../server/sharing/purge.ts';
import { beforeDeadline } from '../world/deadline.ts';

let server: Server | null = null;

async function receiver(answer: (req: IncomingMessage, body: string) => number | null): Promise<string> {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const status = answer(req, body);
      if (status !== null) res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((r) => (server ? server.close(r) : r(undefined)));
  server = null;
});

function logSink() {
  const logs: Array<Record<string, unknown>> = [];
  return { logs, logger: pino({ level: 'info' }, { write: (l: string) => void logs.push(JSON.parse(l) as Record<string, unknown>) }) };
}

describe('purge webhook', () => {
  it('names the tags a purge is about', async () => {
    const bodies: Array<{ tags: string[] }> = [];
    const send = ((_url: string, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)) as { tags: string[] });
      return Promise.resolve(new Response(null, { status: 204 }));
    }) as typeof fetch;
    const bus = createWebhookBus({ url: 'http://cdn.test/purge', logger: pino({ level: 'silent' }), fetch: send });
    bus.publish({ tag: 'channel:News' });
    bus.publish({ allTags: ['a', 'b'] });
    bus.publish({ prefix: '/api/x' });
    bus.publish({ all: true });
    await bus.close();
    expect(bodies[0]).toEqual({ selector: { tag: 'channel:News' }, tags: ['channel:News'] });
    expect(bodies.map((b) => b.tags)).toEqual([['channel:News'], ['a', 'b'], [], []]);
  });

  it('POSTs JSON for every purge', async () => {
    const got: Array<{ method?: string; type?: string; body: unknown }> = [];
    const url = await receiver((req, body) => {
      got.push({ method: req.method, type: req.headers['content-type'], body: JSON.parse(body) });
      return 204;
    });
    const { logger, logs } = logSink();
    const bus = createWebhookBus({ url, logger });
    bus.publish({ tag: 'channel:News' });
    bus.publish({ all: true });
    await bus.close();
    expect(got).toEqual([
      { method: 'POST', type: 'application/json', body: { selector: { tag: 'channel:News' }, tags: ['channel:News'] } },
      { method: 'POST', type: 'application/json', body: { selector: { all: true }, tags: [] } },
    ]);
    expect(logs.filter((l) => (l.level as number) >= 40)).toEqual([]);
  });

  it('a receiver that hangs is cut at the time limit; failures are logged', async () => {
    let received = 0;
    const url = await receiver(() => {
      received += 1;
      return null; // never answers: only the bus's time limit ends the call
    });
    const { logger, logs } = logSink();
    // Above any stall of a busy machine, so the call reaches the receiver before the limit can fire.
    const timeoutMs = 1_000;
    const bus = createWebhookBus({ url, logger, timeoutMs });
    bus.publish({ tag: 'x' });
    // The watchdog only turns a limit that never fires into a failure; it is many times the limit.
    await beforeDeadline(bus.close(), timeoutMs * 10, 'the hung call cut');
    expect(received).toBe(1);
    expect(logs.find((l) => l.msg === 'purge webhook call failed')?.err).toMatch(/timeout/i);

    const refused = createWebhookBus({ url: 'http://127.0.0.1:1/purge', logger });
    refused.publish({ all: true });
    await refused.close();
    expect(logs.filter((l) => l.msg === 'purge webhook call failed')).toHaveLength(2);
  });

  it('an error status is logged with the status', async () => {
    const url = await receiver(() => 503);
    const { logger, logs } = logSink();
    const bus = createWebhookBus({ url, logger });
    bus.publish({ tag: 'x' });
    await bus.close();
    expect(logs.some((l) => l.status === 503)).toBe(true);
  });
});
