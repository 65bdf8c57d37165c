// The page platform's gate for a form action's write (server/writes/write-rules.ts admitPageWrite): the write rules
// the API applies, and the soft write limit, as an explicit WriteRefused rather than a made-up
// upstream answer.
import { describe, expect, it } from 'vitest';
import type { ContentCaller } from '../../server/content/content-api.ts';
import { UpstreamError } from '../../server/upstream/upstream-error.ts';
import { admitPageWrite } from '../../server/writes/write-rules.ts';
import { WriteRefused } from '../../server/writes/refused.ts';
import { stubContentApi } from './fixtures/stub-content-api.ts';

const noReads: ContentCaller = {
  call: () => Promise.reject(new UpstreamError('UPSTREAM_NETWORK', 'no reads here', { endpoint: 'x' })),
};
const gate = (limitedForS?: number) => ({ limitedForS, api: noReads, lang: 'zh' as const });

describe('page writes', () => {
  it('let a write that keeps the rules through', async () => {
    await expect(admitPageWrite('doStarByArcId', { params: { id: 'abc-1' } }, gate())).resolves.toBeUndefined();
    await expect(admitPageWrite('addMessage', { body: { content: '你好，博物馆' } }, gate())).resolves.toBeUndefined();
  });

  it('refuse every write of a client over the limit, without a call', async () => {
    const refused = await admitPageWrite('doStarByArcId', { params: { id: 'abc-1' } }, gate(42)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WriteRefused);
    expect(refused).toMatchObject({
      code: 'WRITE_LIMITED',
      status: 429,
      failure: 'rate_limited',
      retryAfterS: 42,
      endpoint: 'doStarByArcId',
    });
    expect(refused).not.toBeInstanceOf(UpstreamError);
  });

  it('refuse a write that breaks the API write rules, with the rule status', async () => {
    const badId = await admitPageWrite('cancelStarByActId', { params: { id: '../x' } }, gate()).catch((e: unknown) => e);
    expect(badId).toMatchObject({ code: 'WRITE_INVALID', status: 400, failure: 'refused' });
    const empty = await admitPageWrite('addMessage', { body: { content: '' } }, gate()).catch((e: unknown) => e);
    expect(empty).toMatchObject({ code: 'WRITE_INVALID', status: 400 });
  });

  it('make what each write changes out of date in the response cache, and nothing else', async () => {
    const { api, close } = stubContentApi();
    try {
      const reads = {
        messages: () => api.answer('queryMessageList', { body: { param: { pageNum: 1, pageSize: 10 } } }),
        visits: () => api.answer('getSiteVisitCount', { body: {} }),
        article7: () => api.answer('queryArchivesById', { params: { id: '7' } }),
        article8: () => api.answer('queryArchivesById', { params: { id: '8' } }),
        channels: () => api.answer('queryAllChannel', { params: { site: 'CN' } }),
      };
      const statuses = async () => {
        const out: Record<string, string> = {};
        for (const [name, read] of Object.entries(reads)) out[name] = (await read()).cache;
        return out;
      };
      await statuses();
      expect(Object.values(await statuses())).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'HIT']);
      await api.answer('addMessage', { body: { content: '你好' } });
      expect(await statuses()).toEqual({ messages: 'MISS', visits: 'MISS', article7: 'HIT', article8: 'HIT', channels: 'HIT' });
      await api.answer('doStarByArcId', { params: { id: '7' } });
      expect(await statuses()).toEqual({ messages: 'HIT', visits: 'HIT', article7: 'MISS', article8: 'HIT', channels: 'HIT' });
    } finally {
      close();
    }
  });
});
