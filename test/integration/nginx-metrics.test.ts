// The shipped balancer (deploy/nginx/edge-lb.conf) run by a real nginx: its server block as written,
// with only the listen address and the upstream's servers pointed at this test, in front of a stand-in
// edge that would answer any path with metrics text. Every spelling of /metrics a client can send must
// be refused by nginx itself and never reach the edge; other addresses are passed on.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { program } from '../world/programs.ts';
import { closeServer, listen } from '../world/world.ts';

const SHIPPED = join(import.meta.dirname, '../../deploy/nginx/edge-lb.conf');
const METRICS_TEXT = '# HELP edge_requests_total Requests\nedge_requests_total 1\n';

/** Every way of writing /metrics that names the same resource to a lenient server or to nginx's own matching. */
const SPELLINGS = [
  '/metrics',
  '/metrics/',
  '/METRICS',
  '/Metrics',
  '/mEtRiCs/',
  '/metrics?name=edge_requests_total',
  '/metrics/?x=1',
  '//metrics',
  '/./metrics',
  '/metrics/../metrics',
  '/nope/../Metrics',
  '/%6Detrics',
  '/%4D%45%54%52%49%43%53',
  '/metrics%2F',
  '/metrics/x',
];

interface Answer {
  status: number;
  body: string;
}

function get(socketPath: string, path: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method, headers: { host: 'museum.example' }, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The shipped server block, listening on `socket` and balancing over `upstream` alone; fails if its shape changed. */
function pointedAt(shipped: string, socket: string, upstream: string): string {
  const servers = /(upstream museum_edges \{)([^}]*)(\})/;
  const listenLine = /^(\s*)listen 8080;$/m;
  expect(shipped, 'edge-lb.conf has the upstream block this test points elsewhere').toMatch(servers);
  expect(shipped, 'edge-lb.conf listens on 8080').toMatch(listenLine);
  return shipped
    .replace(
      servers,
      (_m, open: string, body: string, close: string) => `${open}${body.replace(/^\s*server .*;$/gm, `    server ${upstream};`)}${close}`,
    )
    .replace(listenLine, `$1listen unix:${socket};`);
}

describe('the shipped nginx configuration', () => {
  let dir: string;
  let edge: Server;
  let nginx: ChildProcess;
  let socket: string;
  /** Paths the stand-in edge was asked for. */
  const reached: string[] = [];

  beforeAll(async () => {
    const nginxPath = program('nginx');
    dir = mkdtempSync(join(tmpdir(), 'edge-lb-'));
    socket = join(dir, 'lb.sock');
    edge = createServer((req, res) => {
      reached.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' }).end(METRICS_TEXT);
    });
    const upstream = new URL(await listen(edge)).host;
    writeFileSync(join(dir, 'edge-lb.conf'), pointedAt(readFileSync(SHIPPED, 'utf8'), socket, upstream));
    // One process, no privileges dropped, every file inside the test's folder.
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${join(dir, kind)};`).join(' ');
    writeFileSync(
      join(dir, 'nginx.conf'),
      `daemon off; master_process off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')} warn;
events { worker_connections 64; }
http { access_log off; ${temp} include ${join(dir, 'edge-lb.conf')}; }
`,
    );
    const args = ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
    const check = spawnSync(nginxPath, [...args, '-t'], { encoding: 'utf8' });
    expect(check.status, `nginx -t: ${check.stderr}`).toBe(0);
    nginx = spawn(nginxPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    // Ready once it answers on its socket; a start that fails ends the wait with nginx's own words.
    const exited = new Promise<never>((_, reject) => nginx.once('exit', (code) => reject(new Error(`nginx exited (${code}): ${stderr}`))));
    const answering = (async () => {
      for (;;) {
        if (existsSync(socket)) {
          const ok = await get(socket, '/').then(
            () => true,
            () => false,
          );
          if (ok) return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await Promise.race([answering, exited]);
    reached.length = 0;
  }, 30_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const gone = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await gone;
    }
    if (edge) await closeServer(edge);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes page addresses on to the edges', async () => {
    for (const path of ['/', '/News/SNews', '/metricsboard', '/healthz']) {
      const res = await get(socket, path);
      expect(res.status, path).toBe(200);
    }
    expect(reached).toEqual(['/', '/News/SNews', '/metricsboard', '/healthz']);
  });

  it('refuses every spelling of /metrics itself (404, no metrics text), and the edges never see one', async () => {
    reached.length = 0;
    for (const path of SPELLINGS) {
      for (const method of ['GET', 'HEAD']) {
        const res = await get(socket, path, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body, `${method} ${path}`).not.toContain('edge_requests_total');
      }
    }
    expect(reached).toEqual([]);
  });
});
