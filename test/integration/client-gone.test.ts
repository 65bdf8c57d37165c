// A visitor who leaves while a page renders is a fact of life, not a failure of the edge: it is logged
// at info with the code CLIENT_GONE, never at error level and never as a 500 (an error-rate alert would
// count it as the edge failing).
import { connect } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld, type World } from '../world/world.ts';

let world: World;
let port: number;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  world = await startWorld({ content: 'pages', env: { PAGE_CACHE_TTL_S: '0' }, deps: { logger } });
  port = Number(new URL(world.url).port);
});
afterAll(async () => world?.close());

/** Sends a GET and closes the socket once the service has been asked for the page's data. */
function leaveMidRender(target: string, callsBefore: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n`);
    });
    const poll = setInterval(() => {
      if (world.cms.cms.calls.count() > callsBefore) {
        clearInterval(poll);
        socket.destroy();
      }
    }, 5);
    socket.on('close', () => {
      clearInterval(poll);
      resolve();
    });
    socket.on('error', () => undefined);
  });
}

describe('visitors who leave mid-render', () => {
  it('are info lines with code CLIENT_GONE, never errors or 500s', async () => {
    world.cms.cms.faults.set({ latencyMs: 400 });
    try {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => leaveMidRender(`/News/SNews?page=${(i % 3) + 1}&v=${i}`, world.cms.cms.calls.count())),
      );
      // Every render reaches its end (the upstream answers after the visitor left).
      await expect.poll(() => lines.filter((l) => l.code === 'CLIENT_GONE').length, { timeout: 15_000 }).toBeGreaterThanOrEqual(20);
    } finally {
      world.cms.cms.faults.reset();
    }
    const gone = lines.filter((l) => l.code === 'CLIENT_GONE');
    expect(gone.every((l) => l.level === 30)).toBe(true);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
    expect(lines.filter((l) => l.status === 500)).toEqual([]);
  });
});
