// The last built copy of each discovery answer (sitemap model, feed, calendar): fresh for PAGE_CACHE_TTL_S,
// then rebuilt on the next request (one build at a time per key, callers share it). A copy past its
// lifetime is kept as the last good one: when a rebuild fails because the content service is down, the
// old copy is served rather than an error. Bounded by entries (keys include the origin, which comes
// from the Host header when PUBLIC_URL is unset).
import { LRUCache } from 'lru-cache';

export type CopyStatus = 'HIT' | 'MISS' | 'STALE';

export interface CopyAnswer<T> {
  value: T;
  status: CopyStatus;
  /** Seconds since the copy was built. */
  ageS: number;
  /** When (ms) the copy was built. */
  builtAt: number;
}

export interface CopyCache<T> {
  /**
   * The copy of `key`: fresh from the cache, or built now. When the build throws and `usable(error)`
   * says the old copy may stand in (the service is down, not "no such list"), the last good copy is
   * answered as STALE; otherwise, or without one, the error is thrown.
   */
  get(key: string, build: () => Promise<T>, usable: (error: unknown) => boolean): Promise<CopyAnswer<T>>;
  clear(): void;
}

export function createCopyCache<T extends object>(options: { ttlS: number; now: () => number; max: number }): CopyCache<T> {
  const copies = new LRUCache<string, { value: T; builtAt: number }>({ max: options.max });
  const building = new Map<string, Promise<{ value: T; builtAt: number }>>();

  const answer = (copy: { value: T; builtAt: number }, status: CopyStatus): CopyAnswer<T> => ({
    value: copy.value,
    status,
    builtAt: copy.builtAt,
    ageS: Math.max(0, Math.floor((options.now() - copy.builtAt) / 1000)),
  });

  function rebuild(key: string, build: () => Promise<T>): Promise<{ value: T; builtAt: number }> {
    let running = building.get(key);
    if (!running) {
      running = build()
        .then((value) => {
          const copy = { value, builtAt: options.now() };
          copies.set(key, copy);
          return copy;
        })
        .finally(() => building.delete(key));
      building.set(key, running);
    }
    return running;
  }

  return {
    async get(key, build, usable) {
      const held = copies.get(key);
      if (held && options.now() - held.builtAt < options.ttlS * 1000) return answer(held, 'HIT');
      try {
        return answer(await rebuild(key, build), 'MISS');
      } catch (err) {
        const last = copies.get(key);
        if (last && usable(err)) return answer(last, 'STALE');
        throw err;
      }
    },
    clear: () => copies.clear(),
  };
}
