// The servers of the proxy bench, in a child process of their own so the load generator has the other
// core: the reference service, the edge in front of it, and a bare node:http server answering the
// bytes the edge serves. Sends their addresses to the parent over IPC; exits on SIGTERM.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { createCmsServer } from '../../cms/server.ts';
import { DEMO_APP_ID, DEMO_TOKEN_KEY } from '../../cms/demo-credentials.ts';
import { createApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { answerCpuQueries, closeOnSigterm } from './child.ts';
import { BENCH_LIST_BODY, BENCH_PREFIX, type BenchTargets } from './targets.ts';

const db = process.env.CMS_DB ?? 'data/cms.sqlite';
const cms = await createCmsServer({ db, appId: DEMO_APP_ID, tokenKey: DEMO_TOKEN_KEY, prefix: BENCH_PREFIX, logger: false });
const cmsUrl = await cms.listen(0, '127.0.0.1');

// As in server/main.ts: one JSON line per request, written synchronously (to /dev/null here, not stdout).
const logger = pino({ level: process.env.LOG_LEVEL ?? 'info', name: 'edge' }, pino.destination({ dest: '/dev/null', sync: true }));
const config = loadConfig({ UPSTREAM_URL: cmsUrl, UPSTREAM_PREFIX: BENCH_PREFIX, APP_ID: DEMO_APP_ID, TOKEN_KEY: DEMO_TOKEN_KEY });
const edge = createApp(config, { logger });
const edgeServer = createServer(edge.handler);
await new Promise<void>((r) => edgeServer.listen(0, '127.0.0.1', r));
const edgeUrl = `http://127.0.0.1:${(edgeServer.address() as AddressInfo).port}`;

// Load the page engine now (it compiles every screen on first use) so it does not run during a measurement.
await (await fetch(`${edgeUrl}/`)).arrayBuffer();

const first = await fetch(`${edgeUrl}/api/queryArchivesList`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(BENCH_LIST_BODY),
});
if (first.status !== 200) throw new Error(`edge answered ${first.status}: ${await first.text()}`);
const bytes = Buffer.from(await first.arrayBuffer());

const bare = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const targets: BenchTargets = { edgeUrl, bareUrl, cmsUrl, bodyBytes: bytes.length };
process.send!(targets);
answerCpuQueries();
closeOnSigterm([edgeServer, bare], [edge, cms]);
