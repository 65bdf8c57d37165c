// What the caches keep is what they count (npm run bench:soak measures it on a running edge): a cached
// Buffer owns an ArrayBuffer of its own size, and the byte bound counts key, tags and book-keeping.
import { afterEach, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCache } from '../../server/cache/response-cache.ts';
import { stringBytes } from '../../server/cache/kit.ts';
import { ownBytes } from '../../server/http/prepared.ts';

const caches: ResponseCache[] = [];
afterEach(() => caches.splice(0).forEach((c) => c.close()));

const owns = (b: Buffer) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;

describe('cache memory', () => {
  it('ownBytes copies a slice out of a bigger ArrayBuffer, and leaves a whole one alone', () => {
    const socketRead = Buffer.alloc(64 * 1024, 'x');
    const slice = socketRead.subarray(300, 1300);
    const own = ownBytes(slice);
    expect(owns(own)).toBe(true);
    expect(own.equals(slice)).toBe(true);
    // Small Buffers come from Node's shared 8 KiB pool.
    const pooled = Buffer.from('{"code":200}');
    expect(owns(pooled)).toBe(false);
    expect(owns(ownBytes(pooled))).toBe(true);
    const whole = Buffer.from(new ArrayBuffer(10));
    expect(ownBytes(whole)).toBe(whole);
  });

  it('stores answers and their gzip copies in ArrayBuffers of their own, and counts more than their bytes', async () => {
    const cache = createResponseCache({ maxBytes: 1_000_000, swrS: 30, staleIfErrorS: 300, now: () => 1000 });
    caches.push(cache);
    const answer = Buffer.from(JSON.stringify({ code: 200, msg: '', data: '博物馆'.repeat(500) }));
    const big = Buffer.concat([Buffer.alloc(4096), answer, Buffer.alloc(4096)]);
    const key = 'POST /api/querySearchList {"entity":{"title":"青铜"}}';
    const tags = ['querySearchList', 'entry:abcdefghijklmnop'];
    const { entry } = await cache.lookup(key, {
      endpoint: 'querySearchList',
      ttlS: 60,
      tags: () => tags,
      load: async () => big.subarray(4096, 4096 + answer.length),
    });
    expect(entry.raw.equals(answer)).toBe(true);
    expect(owns(entry.raw)).toBe(true);
    expect(entry.gzip).not.toBeNull();
    expect(owns(entry.gzip!)).toBe(true);
    expect(cache.stats().bytes).toBeGreaterThan(
      entry.raw.length + entry.gzip!.length + stringBytes(key) + tags.reduce((n, t) => n + stringBytes(t), 0),
    );
  });
});
