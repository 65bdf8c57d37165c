// Which HTTP client should the edge use for the content service? Same server (a child process answering
// a list-sized JSON envelope), same keep-alive, same concurrency; one client at a time.
//   npm run bench:client
import http from 'node:http';
import { Agent, fetch as undiciFetch, request } from 'undici';
import nodeFetch from 'node-fetch';
import { runLoad } from './lib/load.ts';
import { table } from './lib/stats.ts';
import { spawnFixedServer } from './lib/spawn-fixed.ts';

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);
const CONCURRENCY = 16;

const records = Array.from({ length: 12 }, (_, i) => ({
  archivesId: 1000 + i,
  title: `馆藏珍品展第${i}期：青铜器与玉器的对话`,
  publishDate: '2024-03-01 09:00:00',
  description: '博物馆新闻'.repeat(60),
  thumbImg: `/file/demo/news-${i}.jpg`,
}));
const envelope = Buffer.from(JSON.stringify({ code: 200, msg: 'success', data: { records, pages: 9, current: 1, total: 100 } }));
const requestBody = JSON.stringify({ entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 12 } });
const headers = { 'content-type': 'application/json', token: 'x'.repeat(44), appId: 'bench-app' };

const server = await spawnFixedServer(envelope);
const url = `${server.url}/japi/sw-cms/api/queryArchivesList`;

const undiciAgent = new Agent({ keepAliveTimeout: 30_000, connections: CONCURRENCY });
const fetchAgent = new Agent({ keepAliveTimeout: 30_000, connections: CONCURRENCY });
const nodeAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const clients: Array<[string, () => Promise<void>]> = [
  [
    'undici.request (Agent)',
    async () => {
      const res = await request(url, { method: 'POST', headers, body: requestBody, dispatcher: undiciAgent });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(String(res.statusCode));
    },
  ],
  [
    'undici.fetch (Agent)',
    async () => {
      const res = await undiciFetch(url, { method: 'POST', headers, body: requestBody, dispatcher: fetchAgent });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(String(res.status));
    },
  ],
  [
    'global fetch (Node bundled)',
    async () => {
      const res = await fetch(url, { method: 'POST', headers, body: requestBody });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(String(res.status));
    },
  ],
  [
    'node-fetch 3 (http.Agent)',
    async () => {
      const res = await nodeFetch(url, { method: 'POST', headers, body: requestBody, agent: nodeAgent });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(String(res.status));
    },
  ],
];

const rows = [];
for (const [name, send] of clients) {
  rows.push({ name, ...(await runLoad({ concurrency: CONCURRENCY, durationMs: DURATION_MS, send })) });
}
console.log(
  `\nupstream client choice: ${envelope.length} B answers, POST ${requestBody.length} B, concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s each\n`,
);
console.log(table(rows));
await Promise.all([undiciAgent.close(), fetchAgent.close()]);
nodeAgent.destroy();
await server.stop();
