// The parts of speculative loading that need no world: reading Sec-Purpose, telling clients apart as
// Express does, the bounded store of pending opens, which addresses count a view when rendered, the
// beacon markup, and the count of renders under way.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_BY_NAME } from '../../shared/endpoints.ts';
import { visitTag } from '../../server/content/visits.ts';
import { clientAddressOf, clientKeyOf, compileProxyTrust, protocolOf } from '../../server/http/client-address.ts';
import type { TrustProxy } from '../../server/config.ts';
import { purposeOf } from '../../server/http/sec-purpose.ts';
import type { PageAnswer, PageEngine } from '../../server/pages/engine.ts';
import { countRenders, viewCountingIdOf } from '../../server/pages/speculation.ts';
import { createPendingOpens, viewBeaconHtml } from '../../server/pages/view-beacon.ts';

describe('Sec-Purpose', () => {
  it('reads prefetches and prerenders as browsers send them, loosely', () => {
    const none = { speculative: false, prerender: false };
    const prefetch = { speculative: true, prerender: false };
    const prerender = { speculative: true, prerender: true };
    expect(purposeOf(undefined)).toEqual(none);
    expect(purposeOf('')).toEqual(none);
    expect(purposeOf('preview')).toEqual(none);
    expect(purposeOf('prefetch')).toEqual(prefetch);
    expect(purposeOf(' Prefetch ; anonymous-client-ip')).toEqual(prefetch);
    expect(purposeOf('prefetch;prerender')).toEqual(prerender);
    expect(purposeOf('prefetch; prerender=?1')).toEqual(prerender);
    expect(purposeOf('prefetch;prerender=?0')).toEqual(prefetch);
    expect(purposeOf('other, prefetch;prerender')).toEqual(prerender);
    expect(purposeOf(['prefetch', 'x'])).toEqual(prefetch);
  });
});

describe('the client address', () => {
  /**
   * Express's req.ip and req.protocol, Express compiling the setting itself, against clientAddressOf and
   * protocolOf by the edge's compiled rule, for one request through a real socket with X-Forwarded-For
   * and X-Forwarded-Proto.
   */
  async function bothAddresses(trust: TrustProxy, forwardedFor?: string): Promise<{ express: string; raw: string }> {
    const app = express();
    app.set('trust proxy', trust);
    const rule = compileProxyTrust(trust);
    app.get('/', (req, res) => {
      expect(protocolOf(req, rule)).toBe(req.protocol);
      res.json({ express: req.ip, raw: clientAddressOf(req, rule) });
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https, http' },
      });
      return (await res.json()) as { express: string; raw: string };
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("is Express's req.ip (and the protocol req.protocol), whatever proxies are trusted and whatever X-Forwarded-For says", async () => {
    const cases: Array<[TrustProxy, string | undefined]> = [
      [false, '203.0.113.9'],
      [true, undefined],
      [true, '203.0.113.9, 198.51.100.2'],
      ['loopback', ' 203.0.113.9 ,, 198.51.100.2 '],
      ['loopback', '203.0.113.9, 10.0.0.1'],
      ['loopback, 10.0.0.0/8', '203.0.113.9, 10.0.0.1'],
      [1, '203.0.113.9, 198.51.100.2'],
      [2, '203.0.113.9, 198.51.100.2'],
    ];
    const seen = new Set<string>();
    for (const [trust, header] of cases) {
      const { express: ip, raw } = await bothAddresses(trust, header);
      expect(raw, `${String(trust)} / ${header}`).toBe(ip);
      seen.add(ip);
    }
    // The cases reach different answers (the socket, the nearest untrusted hop, the client).
    expect([...seen].sort()).toEqual(['10.0.0.1', '127.0.0.1', '198.51.100.2', '203.0.113.9']);
  });

  it('keys a browser by its address as the rate limits count it and its User-Agent, in a bounded key', () => {
    const ua = 'Mozilla/5.0 '.repeat(1000);
    expect(clientKeyOf('203.0.113.9', ua)).toHaveLength(22);
    expect(clientKeyOf('203.0.113.9', ua)).toBe(clientKeyOf('203.0.113.9', ua));
    expect(clientKeyOf('203.0.113.9', ua)).not.toBe(clientKeyOf('203.0.113.9', 'other'));
    expect(clientKeyOf('203.0.113.9', ua)).not.toBe(clientKeyOf('203.0.113.10', ua));
    // IPv6 by its /56: one visitor whose temporary address changes.
    expect(clientKeyOf('2001:db8:1:100::1', ua)).toBe(clientKeyOf('2001:db8:1:1ff::2', ua));
  });
});

describe('pending opens', () => {
  it('are taken once, and forgotten after their time', () => {
    let now = 1_000_000;
    const pending = createPendingOpens({ max: 10, ttlMs: 1000, now: () => now });
    pending.add('c', 'a');
    expect(pending.take('c', 'b')).toBe(false);
    expect(pending.take('other', 'a')).toBe(false);
    expect(pending.take('c', 'a')).toBe(true);
    expect(pending.take('c', 'a')).toBe(false);
    pending.add('c', 'a');
    now += 1001;
    expect(pending.take('c', 'a')).toBe(false);
  });

  it('stay bounded under a flood of distinct clients and ids, the oldest going first', () => {
    const pending = createPendingOpens({ max: 100, ttlMs: 60_000, now: () => 0 });
    for (let i = 0; i < 5000; i += 1) pending.add(`client-${i}`, `id-${i}`);
    expect(pending.size()).toBe(100);
    expect(pending.take('client-0', 'id-0')).toBe(false);
    expect(pending.take('client-4999', 'id-4999')).toBe(true);
    // Taking what was never added adds nothing (a flood of beacons).
    for (let i = 0; i < 5000; i += 1) pending.take(`beacon-${i}`, `id-${i}`);
    expect(pending.size()).toBe(99);
  });
});

describe('addresses whose render counts a view', () => {
  it('are the article pages with a record id, and no other page', () => {
    expect(viewCountingIdOf('/News/SNews/0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(viewCountingIdOf('/EN_News/EN_SNews/a-1_b')).toBe('a-1_b');
    expect(viewCountingIdOf('/news/snews/abc')).toBe('abc');
    expect(viewCountingIdOf('/Survey/Leader/third/abc')).toBe('abc');
    for (const path of [
      '/',
      '/News/SNews',
      '/Search',
      '/Exhibition/BaseExh/abc',
      '/Collection/PreciousCol/abc',
      '/Education/Activity/abc',
    ]) {
      expect(viewCountingIdOf(path), path).toBeNull();
    }
    expect(viewCountingIdOf('/News/SNews/a.b')).toBeNull();
    expect(viewCountingIdOf('/visit/abc')).toBeNull();
  });
});

describe('the view beacon markup', () => {
  it('is one hidden image per article a page shows, and nothing on other pages', () => {
    const spec = ENDPOINT_BY_NAME.queryArchivesById!;
    const tags = ['queryArchivesById', 'id:abc', visitTag(spec, { params: { id: 'abc' } })!, visitTag(spec, { params: { id: 'abc' } })!];
    expect(viewBeaconHtml(tags)).toBe('<img src="/visit/abc" alt="" width="1" height="1" hidden>');
    expect(viewBeaconHtml(new Set(['queryArchivesList', 'channel:SNews']))).toBe('');
  });
});

describe('renders under way', () => {
  it('count from the call until the document is whole, or the render fails', async () => {
    let finish!: () => void;
    const complete = new Promise<Buffer | null>((resolve) => (finish = () => resolve(null)));
    let fail = false;
    const engine: PageEngine = {
      earlyHints: () => [],
      render: async () => {
        if (fail) throw new Error('broken');
        return { status: 200, headers: [], body: Buffer.alloc(0), keep: null, routeId: 'page:x', complete } satisfies PageAnswer;
      },
    };
    const counted = countRenders(engine);
    const rendering = counted.engine.render({} as never);
    expect(counted.inFlight()).toBe(1);
    await rendering;
    expect(counted.inFlight()).toBe(1);
    finish();
    await complete;
    await Promise.resolve();
    expect(counted.inFlight()).toBe(0);
    fail = true;
    await expect(counted.engine.render({} as never)).rejects.toThrow('broken');
    expect(counted.inFlight()).toBe(0);
  });
});
