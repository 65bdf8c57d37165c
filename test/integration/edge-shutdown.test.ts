// The real process (server/main.ts in a child): the embedded service when UPSTREAM_URL is unset, and a
// SIGTERM with requests in flight that loses none of them.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, TOKEN_KEY, copyDb, seedFixtureDb, startCms, type RunningCms } from './cms-harness.ts';
import { freePort } from '../world/ports.ts';

const ROOT = join(import.meta.dirname, '..', '..');

interface Child {
  proc: ChildProcess;
  lines: Array<Record<string, unknown>>;
  url: string;
  exited: Promise<number | null>;
}

/** Starts server/main.ts and resolves once it logs that it listens. */
async function startEdgeProcess(env: Record<string, string>): Promise<Child> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    // A first start on a database without its files renders the demo pictures (about 170) before listening.
    const timer = setTimeout(() => reject(new Error(`edge did not start:\n${stderr}`)), 90_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, nl)) as Record<string, unknown>;
        buffer = buffer.slice(nl + 1);
        lines.push(line);
        if (typeof line.msg === 'string' && line.msg.startsWith('edge listening')) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    void exited.then((code) => reject(new Error(`edge exited with ${code}:\n${stderr}`)));
  });
  return { proc, lines, url: `http://127.0.0.1:${port}`, exited };
}

let seeded: Awaited<ReturnType<typeof seedFixtureDb>>;
let cms: RunningCms;
beforeAll(async () => {
  seeded = await seedFixtureDb();
  cms = await startCms({ db: seeded.db });
});
afterAll(async () => {
  await cms.close();
  seeded.remove();
});

describe('edge process', () => {
  it('without UPSTREAM_URL serves the embedded reference service (one log line says so) and stops on SIGTERM', async () => {
    const copy = copyDb(seeded);
    try {
      const child = await startEdgeProcess({ CMS_DB: copy.db });
      const told = child.lines.filter((l) => String(l.msg).includes('UPSTREAM_URL is not set'));
      expect(told).toHaveLength(1);
      expect(String(told[0]!.msg)).toMatch(/embedded reference content service/);
      const res = await fetch(`${child.url}/api/queryAllChannel/CN`);
      expect(res.status).toBe(200);
      expect((await fetch(`${child.url}/readyz`)).status).toBe(200);
      child.proc.kill('SIGTERM');
      expect(await child.exited).toBe(0);
    } finally {
      copy.remove();
    }
  }, 120_000);

  it('a bad setting stops start-up with a message naming the variable', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY: 'too-short' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const code = await new Promise((r) => proc.on('exit', r));
    expect(code).toBe(1);
    expect(stderr).toMatch(/TOKEN_KEY must be 16, 24 or 32 bytes/);
  });

  it('SIGTERM: requests in flight all finish, new connections are refused, exit 0', async () => {
    const child = await startEdgeProcess({ UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY, SHUTDOWN_TIMEOUT_MS: '5000' });
    cms.cms.faults.set({ latencyMs: 700 });
    cms.cms.calls.reset();
    try {
      const inflight = Array.from({ length: 12 }, (_, i) =>
        fetch(`${child.url}/api/queryArchivesList`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({ entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: i + 1 } }),
        }).then(async (res) => ({ status: res.status, code: ((await res.json()) as { code: number }).code })),
      );
      // In flight means the edge has them: all 12 have reached the service (a request still in the
      // listen backlog when the socket closes is refused, which is the point of the next assertion).
      for (let i = 0; i < 250 && cms.cms.calls.count('queryArchivesList') < 12; i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(cms.cms.calls.count('queryArchivesList')).toBe(12);
      child.proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 100));
      await expect(fetch(`${child.url}/healthz`)).rejects.toThrow();
      const answers = await Promise.all(inflight);
      expect(answers).toEqual(Array.from({ length: 12 }, () => ({ status: 200, code: 200 })));
      expect(await child.exited).toBe(0);
      expect(child.lines.some((l) => String(l.msg).startsWith('draining'))).toBe(true);
      expect(child.lines.find((l) => l.msg === 'stopped')).toMatchObject({ forced: false });
      expect(child.lines.filter((l) => l.msg === 'request' && l.route === 'api:queryArchivesList' && l.status === 200)).toHaveLength(12);
    } finally {
      cms.cms.faults.reset();
      child.proc.kill('SIGKILL');
    }
  });

  it('SIGTERM: a request sent on an idle keep-alive connection is answered (Connection: close), not reset', async () => {
    const child = await startEdgeProcess({ UPSTREAM_URL: cms.url, APP_ID, TOKEN_KEY, SHUTDOWN_TIMEOUT_MS: '8000' });
    try {
      const { port } = new URL(child.url);
      const socket = connect(Number(port), '127.0.0.1');
      let received = '';
      let reset = false;
      socket.on('data', (c: Buffer) => (received += c.toString('latin1')));
      socket.on('error', () => (reset = true));
      const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      const ask = () => socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
      const answers = () => received.split('HTTP/1.1 ').length - 1;
      const waitFor = async (n: number) => {
        for (let i = 0; i < 100 && answers() < n; i += 1) await new Promise((r) => setTimeout(r, 20));
      };
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      ask();
      await waitFor(1);
      expect(received).toMatch(/^HTTP\/1\.1 200/);
      child.proc.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300)); // draining; the connection sits idle
      ask();
      await waitFor(2);
      await ended;
      expect(reset).toBe(false);
      const second = received.slice(received.lastIndexOf('HTTP/1.1 '));
      expect(second).toMatch(/^HTTP\/1\.1 200/);
      expect(second.toLowerCase()).toContain('connection: close');
      expect(await child.exited).toBe(0);
    } finally {
      child.proc.kill('SIGKILL');
    }
  });
});
