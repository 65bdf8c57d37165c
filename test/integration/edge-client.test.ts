// The upstream client against a scripted HTTP server: signed headers, the envelope check, typed errors
// with their axios-style messages, and the one retry reads get (writes never).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYED_GATEWAYS, ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import { createAesEcbCipher } from '../../shared/node/aes-ecb.ts';
import { UpstreamError, type CallOutcome } from '../../server/upstream/upstream-error.ts';
import { createSigner, createUpstreamClient, type UpstreamClient } from '../../server/upstream/client.ts';

const KEY = 'abcdefghijklmnopqrstuvwxyz012345';
type Script = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let script: Script = (_req, res) => res.end('{}');
const seen: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ url: req.url ?? '', headers: req.headers, body });
    script(req, res, body);
  });
});
let client: UpstreamClient;
const outcomes: CallOutcome[] = [];
let randomValue = 0.5;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  client = createUpstreamClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    gateways: DEPLOYED_GATEWAYS,
    appId: 'museum-app',
    timeoutMs: 300,
    sign: createSigner({ appId: 'museum-app', tokenKey: KEY, now: () => 1_700_000_000_000, random: () => randomValue }),
    logger: pino({ level: 'silent' }),
    onCall: (_e, outcome) => outcomes.push(outcome),
  });
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const spec = (name: string) => ENDPOINT_BY_NAME[name]!;
const json =
  (status: number, body: unknown): Script =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(UpstreamError);
    return err as UpstreamError;
  }
  throw new Error('expected an UpstreamError');
}

describe('upstream client', () => {
  it('sends a fresh token and the appId on every call, below each service gateway', async () => {
    script = json(200, { code: 200, msg: '成功', data: { records: [] } });
    seen.length = 0;
    await client.send({ spec: spec('queryArchivesList'), body: { param: { pageNum: 1 }, entity: { channelNo: 'News' } } });
    randomValue = 0.25;
    await client.send({ spec: spec('queryDictionaryByCode'), query: { dictionaryCode: 'MESSAGE_TYPE' } });
    const [first, second] = seen;
    expect(first!.url).toBe('/japi/sw-cms/api/queryArchivesList');
    expect(first!.body).toBe('{"entity":{"channelNo":"News"},"param":{"pageNum":1}}');
    expect(first!.headers.appid).toBe('museum-app');
    const cipher = createAesEcbCipher(KEY);
    expect(cipher.decrypt(String(first!.headers.token))).toBe('5000001700000000000');
    expect(cipher.decrypt(String(second!.headers.token))).toBe('2500001700000000000');
    const dictionary = new URL(second!.url, 'http://service');
    expect(dictionary.pathname).toBe('/japi/sw-cms/api/queryDictionaryByCode');
    expect(Object.fromEntries(dictionary.searchParams)).toEqual({ dictionaryCode: 'MESSAGE_TYPE', appId: 'museum-app' });
    // Sibling gateways, as deployed: files, search and statistics are not below the content one.
    seen.length = 0;
    await client.send({ spec: spec('queryFileList'), body: { entity: { objectId: 'g-a1' }, param: { pageNum: 1, pageSize: 10 } } });
    await client.send({ spec: spec('cmsSearch'), body: { str: '青铜' } });
    await client.send({ spec: spec('getBaiduReport'), params: { number: 7 } });
    expect(seen.map((s) => s.url)).toEqual([
      '/japi/sw-file-cloud/refFileObject/queryPageList',
      '/japi/sw-es/cmsSearch',
      '/japi/sw-cms-zb/api/getBaiduReport/7',
    ]);
  });

  it('sends its own appId in the query, whatever appId the caller passes', async () => {
    script = json(200, { code: 200, msg: '成功', data: [] });
    seen.length = 0;
    await client.send({ spec: spec('queryDictionaryByCode'), query: { dictionaryCode: 'MESSAGE_TYPE', appId: 'forged' } });
    const url = new URL(seen[0]!.url, 'http://service');
    expect(url.searchParams.getAll('appId')).toEqual(['museum-app']);
    expect(url.searchParams.get('dictionaryCode')).toBe('MESSAGE_TYPE');
  });

  it('gives typed errors: bad payload, HTTP status, application code', async () => {
    script = json(200, 'not json at all');
    expect(await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' } }))).toMatchObject({
      code: 'UPSTREAM_BAD_PAYLOAD',
      message: 'Invalid answer: not JSON',
    });
    script = json(200, { records: [] });
    expect((await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' } }))).message).toBe(
      'Invalid answer: not a {code, msg, data} envelope',
    );
    script = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<h1>oops</h1>');
    };
    expect(await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' } }))).toMatchObject({
      code: 'UPSTREAM_HTTP',
      httpStatus: 500,
      message: 'Request failed with status code 500',
    });
    script = json(200, { code: 500, msg: '系统繁忙', data: null });
    expect(await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' } }))).toMatchObject({
      code: 'UPSTREAM_APP',
      appCode: 500,
      message: '系统繁忙',
    });
    expect(outcomes.slice(-4)).toEqual(['bad_payload', 'bad_payload', 'http_error', 'app_error']);
  });

  it('times out with the axios-style message and aborts with its own', async () => {
    script = () => undefined; // never answers
    const slow = await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' } }));
    expect(slow).toMatchObject({ code: 'UPSTREAM_TIMEOUT', message: 'timeout of 300 ms exceeded' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const aborted = await failure(client.send({ spec: spec('queryAllChannel'), params: { site: 'CN' }, signal: controller.signal }));
    expect(aborted).toMatchObject({ code: 'UPSTREAM_ABORTED', message: 'Request aborted' });
  });

  it('retries a read once after a dropped connection, never a write', async () => {
    let requests = 0;
    script = (req, res) => {
      requests += 1;
      if (requests === 1) req.socket.destroy();
      else json(200, { code: 200, msg: '成功', data: 1 })(req, res, '');
    };
    const read = await client.send({ spec: spec('queryArchivesById'), params: { id: '7ce30e5b2580a4a95f5880983d0ad66f' } });
    expect(read.envelope.data).toBe(1);
    expect(requests).toBe(2);

    requests = 0;
    script = (req) => {
      requests += 1;
      req.socket.destroy();
    };
    const write = await failure(client.send({ spec: spec('addMessage'), body: { content: 'hi' } }));
    expect(write).toMatchObject({ code: 'UPSTREAM_NETWORK', message: 'Network Error' });
    expect(requests).toBe(1);
  });
});
