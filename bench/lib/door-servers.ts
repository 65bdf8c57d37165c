// The servers of the front-door bench, in a child process of their own (one core; wrk has the other):
// the reference service, the edge in front of it with a warm page and API read, and a bare node:http
// server answering exactly the bytes the edge sends for those (same encoding, same length), and that bare
// server again doing what the edge does for every answer besides sending it — a request id, the access
// line and the duration metric, through the edge's own request-log.ts, logger and metrics, and for the API
// read the JSON body read and parsed by the edge's own reader — which is as fast as an edge that keeps
// those can be on this machine. Sends the addresses to the parent over IPC; exits on SIGTERM.
import { createServer, request } from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { createCmsServer } from '../../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { noteCache, setRouteId } from '../../server/http/request-log.ts';
import { applyHeapGrowth } from '../../server/process/settings.ts';
import { beginDoorRequest, type RequestLogDeps } from '../../server/http/request-log.ts';
import { readJsonBodyThen } from '../../server/http/body.ts';
import { answerCpuQueries, closeOnSigterm } from './child.ts';
import { BENCH_LIST_BODY, BENCH_PREFIX, DOOR_PAGE, type DoorTargets } from './targets.ts';

const db = process.env.CMS_DB ?? 'data/cms.sqlite';
const cms = await createCmsServer({ db, appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, prefix: BENCH_PREFIX, logger: false });
const cmsUrl = await cms.listen(0, '127.0.0.1');
// BENCH_QUIET=1: no access line and no request-duration metric — to measure what those two cost per
// answer (the edge itself always has both).
const quiet = process.env.BENCH_QUIET === '1';
// As in server/process/settings.ts: one JSON line per request, in 4 KiB synchronous batches (to /dev/null here).
const logger = pino(
  { level: quiet ? 'silent' : (process.env.LOG_LEVEL ?? 'info'), name: 'edge' },
  pino.destination({ dest: '/dev/null', sync: true, minLength: 4096 }),
);
const config = loadConfig({
  UPSTREAM_URL: cmsUrl,
  UPSTREAM_PREFIX: BENCH_PREFIX,
  APP_ID: DEMO_APP_ID,
  TOKEN_KEY: DEMO_TOKEN_KEY,
  // Nothing expires during a run: every request is a fresh hit (BENCH_PAGE_CACHE_TTL_S=0: every page renders).
  PAGE_CACHE_TTL_S: process.env.BENCH_PAGE_CACHE_TTL_S ?? '3600',
  CACHE_TTL_S: '3600',
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
// As server/main.ts does (BENCH_AS_SHIPPED=0: V8's own heap policy; see bench/lib/launch.ts).
if (process.env.BENCH_AS_SHIPPED !== '0') applyHeapGrowth(config.heapGrowthPercent);
const edge = createApp(config, { logger });
if (quiet) edge.metrics.observeRequest = () => {};
const edgeServer = createServer(edge.handler);
await new Promise<void>((r) => edgeServer.listen(0, '127.0.0.1', r));
const edgeUrl = `http://127.0.0.1:${(edgeServer.address() as AddressInfo).port}`;

/** One raw request (no decoding): the exact bytes and headers the edge sends. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${edgeUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

const gzip = { 'accept-encoding': 'gzip' };
const json = { ...gzip, 'content-type': 'application/json' };
const apiBody = JSON.stringify(BENCH_LIST_BODY);
for (let i = 0; i < 3; i += 1) {
  await raw('GET', DOOR_PAGE, gzip);
  await raw('POST', '/api/queryArchivesList', json, apiBody);
  await new Promise((r) => setTimeout(r, 200)); // the page's compressed copies are made after its first answer
}
const page = await raw('GET', DOOR_PAGE, gzip);
const api = await raw('POST', '/api/queryArchivesList', json, apiBody);
const rendering = process.env.BENCH_PAGE_CACHE_TTL_S === '0';
for (const [name, a] of [
  ['page', page],
  ['api', api],
] as const) {
  const expected = name === 'page' && rendering ? undefined : 'HIT';
  if (a.status !== 200 || a.headers['x-cache'] !== expected)
    throw new Error(`the ${name} is not what the bench measures: ${a.status} ${a.headers['x-cache']}`);
}

// Bare node:http sending the same bytes: every header the edge sent (the same bytes on the wire, but for
// Date and the request id's value) and the same body — or, with BENCH_BARE_HEADERS=body, only the body
// with its type, encoding and length (what bare Node pays without the edge's security and cache headers).
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive']);
const allHeaders = (a: typeof page) =>
  Object.entries(a.headers)
    .filter(([name]) => !PER_ANSWER.has(name))
    .flat();
const bareHead = (a: typeof page) =>
  process.env.BENCH_BARE_HEADERS === 'body'
    ? [
        'content-type',
        a.headers['content-type']!,
        'content-encoding',
        a.headers['content-encoding'] ?? 'identity',
        'content-length',
        String(a.body.length),
      ]
    : allHeaders(a);
const heads = new Map([
  [page, bareHead(page)],
  [api, bareHead(api)],
]);
/**
 * The bare server; with duties, also the edge's request id (sent in place of the copied one), access line
 * and metric — and for the API read, the body read and parsed by the edge's own reader (the edge has to: it
 * is the cache key), where bare Node only drains it.
 */
function bareServer(duties: RequestLogDeps | null) {
  return createServer((req, res) => {
    const started = performance.now();
    const answer = req.url === DOOR_PAGE ? page : api;
    const send = (): void => {
      if (!duties) {
        res.writeHead(200, heads.get(answer)!);
        res.end(answer.body);
        return;
      }
      const { requestId } = beginDoorRequest(req, res, duties, started);
      setRouteId(res, answer === page ? 'page' : 'api:queryArchivesList');
      noteCache(res, 'HIT');
      const head = heads.get(answer)!.slice();
      const id = head.indexOf('x-request-id');
      if (id !== -1) head[id + 1] = requestId;
      res.writeHead(200, head);
      res.end(answer.body);
    };
    if (duties && req.method === 'POST') {
      readJsonBodyThen(req, undefined, (error) => {
        if (error !== null) throw error as Error;
        send();
      });
      return;
    }
    req.resume();
    req.on('end', send);
  });
}
const listen = async (server: ReturnType<typeof createServer>): Promise<string> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const bare = bareServer(null);
const bareUrl = await listen(bare);
const withDuties = bareServer({
  logger,
  observe: (route, method, status, s) => edge.metrics.observeRequest(route, method, status, s),
  draining: () => false,
});
const dutiesUrl = await listen(withDuties);

process.send!({ edgeUrl, bareUrl, dutiesUrl, pageBytes: page.body.length, apiBytes: api.body.length } satisfies DoorTargets);
// BENCH_PROFILE=<dir>: a CPU profile of the steady state (between 'profile-start' and 'profile-stop').
const profiler = process.env.BENCH_PROFILE ? new Session() : null;
profiler?.connect();
process.on('message', (m) => {
  if (m === 'profile-start' && profiler) {
    profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
  }
  if (m === 'profile-stop' && profiler) {
    profiler.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(join(process.env.BENCH_PROFILE!, `door-${Date.now()}.cpuprofile`), JSON.stringify(result.profile));
      process.send!({ profiled: true });
    });
  }
});
answerCpuQueries();
closeOnSigterm([edgeServer, bare, withDuties], [edge, cms]);
