// server/writes/once.ts and refused.ts: a repeated form send joined to the first write, writes of other
// content or after a failure sent again, and how a failed write is worded for the form.
import { describe, expect, it } from 'vitest';
import { writeFailure } from '../../server/writes/refused.ts';
import { createWriteOnce } from '../../server/writes/once.ts';
import { UpstreamError } from '../../server/upstream/upstream-error.ts';

describe('write once', () => {
  it('joins a repeat of the same form and content to the first call', async () => {
    const once = createWriteOnce();
    let calls = 0;
    const write = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 10));
      return calls;
    };
    const [a, b] = await Promise.all([once.run(['k', { content: 'x' }], write), once.run(['k', { content: 'x' }], write)]);
    expect(calls).toBe(1);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    expect(b.result).toBe(1);
    expect((await once.run(['k', { content: 'x' }], write)).repeated).toBe(true);
    expect(calls).toBe(1);
  });

  it('writes again for other content under the same key (two visitors of one cached page)', async () => {
    const once = createWriteOnce();
    let calls = 0;
    await once.run(['k', 'a'], async () => (calls += 1));
    await once.run(['k', 'b'], async () => (calls += 1));
    expect(calls).toBe(2);
  });

  it('lets a failed write be tried again', async () => {
    const once = createWriteOnce();
    await expect(once.run(['k'], async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await once.run(['k'], async () => 'ok')).toEqual({ result: 'ok', repeated: false });
  });

  it('forgets a key after the window', async () => {
    const once = createWriteOnce(10, 20);
    let calls = 0;
    await once.run(['k'], async () => (calls += 1));
    await new Promise((r) => setTimeout(r, 40));
    await once.run(['k'], async () => (calls += 1));
    expect(calls).toBe(2);
  });

  it('words a failure for the form: 429 is too many, everything else try again later', () => {
    const err = (httpStatus?: number, code: 'UPSTREAM_HTTP' | 'UPSTREAM_TIMEOUT' = 'UPSTREAM_HTTP') =>
      new UpstreamError(code, 'x', { endpoint: 'addMessage', httpStatus });
    expect(writeFailure(err(429))).toEqual({ failure: 'rate_limited', status: 429 });
    expect(writeFailure(err(500))).toEqual({ failure: 'upstream', status: 503 });
    expect(writeFailure(err(undefined, 'UPSTREAM_TIMEOUT'))).toEqual({ failure: 'upstream', status: 503 });
  });
});
