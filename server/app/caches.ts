// The two caches under one byte bound (CACHE_MAX_BYTES): the upstream response cache and, when
// PAGE_CACHE_TTL_S is above 0, the page cache with a quarter of the bound. A purge of the first reaches
// the pages built on it.
import type { Config } from '../config.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { createPageCache, type PageCache } from '../page-cache.ts';
import type { Rerender } from '../page-cache/renders.ts';
import { pageTier, type Sharing } from '../shared-tier/setup.ts';
import { createResponseCache, type ResponseCache } from '../upstream/cache.ts';

type CacheConfig = Pick<Config, 'cache' | 'pageCacheTtlS' | 'pageCacheSwrS' | 'pageCacheStaleIfErrorS'>;

export interface CacheHooks {
  /** A page past its lifetime is rendered again by the page router itself, as a request of its own. */
  rerender: Rerender;
  /** A cached article page still counts its visit upstream. */
  onPageHit: (tags: readonly string[]) => void;
  /** A background re-render that did not finish in time (logged: the page stays old until one does). */
  onRerenderAbandoned: (key: string) => void;
}

export interface Caches {
  cache: ResponseCache;
  /** Null when PAGE_CACHE_TTL_S is 0. */
  pageCache: PageCache | null;
}

export function createCaches(
  config: CacheConfig,
  { now, metrics, sharing }: { now: () => number; metrics: EdgeMetrics; sharing: Sharing },
  hooks: CacheHooks,
): Caches {
  // CACHE_MAX_BYTES bounds both caches together: a quarter for pages when the page cache is on.
  const pageBytes = config.pageCacheTtlS > 0 ? Math.floor(config.cache.maxBytes / 4) : 0;
  const cache = createResponseCache({
    maxBytes: config.cache.maxBytes - pageBytes,
    swrS: config.cache.swrS,
    staleIfErrorS: config.cache.staleIfErrorS,
    secondTier: sharing.secondTier,
    now,
    onEvent: (event) => metrics.cacheEvent('upstream', event),
  });
  const pageCache =
    pageBytes > 0
      ? createPageCache({
          ttlS: config.pageCacheTtlS,
          swrS: config.pageCacheSwrS,
          staleIfErrorS: config.pageCacheStaleIfErrorS,
          maxBytes: pageBytes,
          now,
          rerender: (target, mark) => hooks.rerender(target, mark),
          // With REDIS_URL, a page rendered on one instance is a hit on the others.
          shared: sharing.tier ? pageTier(sharing.tier) : undefined,
          onEvent: (event) => metrics.cacheEvent('page', event),
          onHit: (tags) => hooks.onPageHit(tags),
          onRerenderAbandoned: (key) => hooks.onRerenderAbandoned(key),
        })
      : null;
  if (pageCache) cache.onPurge((selector, removed) => pageCache.purge(selector, removed));
  return { cache, pageCache };
}
