// The edge's caches other than the response and page caches, each built by one function whose name
// says its policy: what bounds it (bytes or entries), how long an entry lives, and what is kept when
// making a value fails. lru-cache is constructed in this room alone, so every bound and every rule
// about failures can be read here (docs/architecture.md, "Where caches live", has the table).
//
//   singleFlightByBytes   made on demand, once per key however many wait; bounded by bytes; a failure
//                         reaches every waiter and is not kept (picture variants, IIIF pyramids and answers)
//   singleFlightByCount   the same, bounded by entries (the sizes of IIIF pictures)
//   lastGoodCopies        built documents, fresh for a lifetime, then rebuilt; when a rebuild fails in an
//                         outage the last good copy stands in, answered STALE (discovery, IIIF manifests)
//   recentByCount         a map of the most recent entries, bounded by entries, each gone after its TTL
//                         when it has one (pending opens, write-once keys, miss counts, rendered sitemaps)
import { LRUCache } from 'lru-cache';
import type { LookupStatus } from './kit.ts';

/** Book-keeping per entry of a byte-bounded cache beyond its value and key (entry object, lru-cache's slot). */
const ENTRY_OVERHEAD_BYTES = 256;
/** How long a caller may make a value alone when the shared making was given up (its entry evicted meanwhile). */
const ALONE_LIMIT_MS = 60_000;

// ---- Made once: single flight ----

/**
 * Makes the value `ask` names; with `ttlMs`, the value is kept that long (a file whose name may be
 * replaced in place), without it until the bound pushes it out. `signal` aborts when the entry is
 * evicted before the value is made.
 */
export type Make<V, A> = (ask: A, signal: AbortSignal) => Promise<{ value: V; ttlMs?: number }>;

export interface SingleFlight<V, A> {
  /**
   * The value `ask` names: held, or made now, once however many ask meanwhile (`hit` says it was held).
   * A failure reaches everyone waiting on that making and is not kept: the next ask makes it again.
   */
  get(ask: A): Promise<{ value: V; hit: boolean }>;
  /** The value when it is held, without making it. */
  find(ask: A): V | undefined;
  /** Keeps a value made elsewhere (a picture's size, read with its pyramid). */
  set(ask: A, value: V, ttlMs?: number): void;
  stats(): { entries: number; bytes: number };
}

interface SingleFlightOptions<V, A> {
  /** The key an ask is kept under. */
  keyOf: (ask: A) => string;
  make: Make<V, A>;
  /** How long a caller may make the value alone when the shared making was given up (default 60 s). */
  aloneLimitMs?: number;
}

function singleFlight<V extends NonNullable<unknown>, A>(
  bound: { max: number } | { maxSize: number; sizeCalculation: LRUCache.SizeCalculator<string, V> },
  { keyOf, make, aloneLimitMs = ALONE_LIMIT_MS }: SingleFlightOptions<V, A>,
): SingleFlight<V, A> {
  const lru = new LRUCache<string, V, { ask: A }>({
    ...bound,
    fetchMethod: async (_key, _stale, { signal, context, options }) => {
      const { value, ttlMs } = await make(context.ask, signal);
      if (ttlMs !== undefined) options.ttl = ttlMs;
      return value;
    },
  });
  return {
    async get(ask) {
      const key = keyOf(ask);
      const hit = lru.has(key);
      const held = await lru.fetch(key, { context: { ask } });
      if (held !== undefined) return { value: held, hit };
      // fetch() resolves undefined only when the making was aborted (its entry evicted meanwhile): this
      // caller makes its own, kept by no one.
      return { value: (await make(ask, AbortSignal.timeout(aloneLimitMs))).value, hit: false };
    },
    find: (ask) => lru.get(keyOf(ask)),
    set: (ask, value, ttlMs) => void lru.set(keyOf(ask), value, ttlMs === undefined ? {} : { ttl: ttlMs }),
    stats: () => ({ entries: lru.size, bytes: lru.calculatedSize }),
  };
}

/**
 * Values made on demand and bounded by bytes: `bytesOf(value)`, plus the key and book-keeping. A value
 * larger than the whole bound is handed to those waiting for it and not kept.
 */
export function singleFlightByBytes<V extends NonNullable<unknown>, A>(
  options: SingleFlightOptions<V, A> & { maxBytes: number; bytesOf: (value: V) => number },
): SingleFlight<V, A> {
  const { maxBytes, bytesOf } = options;
  return singleFlight<V, A>({ maxSize: maxBytes, sizeCalculation: (v, k) => bytesOf(v) + k.length + ENTRY_OVERHEAD_BYTES }, options);
}

/** Values made on demand and bounded by entries: for values of a few dozen bytes each, where counting bytes costs more than it tells. */
export function singleFlightByCount<V extends NonNullable<unknown>, A>(
  options: SingleFlightOptions<V, A> & { max: number },
): SingleFlight<V, A> {
  return singleFlight<V, A>({ max: options.max }, options);
}

// ---- The last good copy ----

export interface CopyAnswer<T> {
  value: T;
  /** HIT a copy within its lifetime, MISS one built now, STALE the last good copy standing in. */
  status: LookupStatus;
  /** Seconds since the copy was built. */
  ageS: number;
  /** When (ms) the copy was built. */
  builtAt: number;
  /** False for an incomplete build answered once and not kept. */
  kept: boolean;
}

interface LastGoodCopies<T> {
  /**
   * The copy of `key`: within its lifetime, or built now (callers of one key share one build). A
   * complete build replaces the copy; an incomplete one is answered only when there is no copy to
   * stand in, and never kept. When the build throws and `usable(error)` says an old copy may stand in
   * (an outage, not "no such record"), the last good copy is answered STALE; otherwise the copy is
   * dropped (what no longer exists is not served later) and the error thrown.
   */
  get(key: string, build: () => Promise<T>, usable: (error: unknown) => boolean): Promise<CopyAnswer<T>>;
}

interface LastGoodCopiesOptions<T> {
  /** Copies kept: keys often hold the origin, which comes from the Host header when PUBLIC_URL is unset. */
  max: number;
  /** How long a copy is answered before it is built again. */
  ttlS: number;
  now: () => number;
  /** Whether a build is complete enough to keep (every part read fresh); by default every build is. */
  whole?: (value: T) => boolean;
  /** Builds under way that callers share: beyond this many distinct ones a build runs for its caller alone. */
  maxBuilding?: number;
}

/**
 * Documents built from the content service, bounded by entries. A copy past its lifetime is not
 * dropped: it is the last good one, which stands in when a rebuild fails because the service is down,
 * so an outage costs freshness rather than an error.
 */
export function lastGoodCopies<T>({ max, ttlS, now, whole = () => true, maxBuilding = 64 }: LastGoodCopiesOptions<T>): LastGoodCopies<T> {
  interface Held {
    value: T;
    builtAt: number;
  }
  const copies = new LRUCache<string, Held>({ max });
  const building = new Map<string, Promise<Held>>();
  const answer = (held: Held, status: LookupStatus, kept = true): CopyAnswer<T> => ({
    value: held.value,
    status,
    kept,
    builtAt: held.builtAt,
    ageS: Math.max(0, Math.floor((now() - held.builtAt) / 1000)),
  });

  function rebuild(key: string, build: () => Promise<T>): Promise<Held> {
    const running = building.get(key);
    if (running) return running;
    const started = build().then((value) => {
      const held = { value, builtAt: now() };
      if (whole(value)) copies.set(key, held);
      return held;
    });
    if (building.size >= maxBuilding) return started;
    const shared = started.finally(() => building.delete(key));
    building.set(key, shared);
    return shared;
  }

  return {
    async get(key, build, usable) {
      const held = copies.get(key);
      if (held && now() - held.builtAt < ttlS * 1000) return answer(held, 'HIT');
      let built: Held;
      try {
        built = await rebuild(key, build);
      } catch (err) {
        const last = copies.get(key);
        if (last && usable(err)) return answer(last, 'STALE');
        copies.delete(key);
        throw err;
      }
      if (whole(built.value)) return answer(built, 'MISS');
      const last = copies.get(key);
      return last ? answer(last, 'STALE') : answer(built, 'MISS', false);
    },
  };
}

// ---- Recent entries ----

/** A map of the most recent entries. */
interface RecentEntries<V> {
  /** The value, unless it was pushed out or its time is past. */
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
  delete(key: string): boolean;
  /** Entries held (one past its time counts until it is looked at). */
  readonly size: number;
}

/**
 * A map bounded by entries, the least recently used going first when it is full; with `ttlMs` each
 * entry is also gone that long after it was set. Nothing here is made on demand or kept on failure:
 * its users decide what to set and delete. With `now`, that clock alone decides what has expired (no
 * cached reading), so a test can move it by hand.
 */
export function recentByCount<V extends NonNullable<unknown>>({
  max,
  ttlMs,
  now,
}: {
  max: number;
  ttlMs?: number;
  now?: () => number;
}): RecentEntries<V> {
  return new LRUCache<string, V>({
    max,
    ...(ttlMs === undefined ? {} : { ttl: ttlMs }),
    ...(now === undefined ? {} : { perf: { now }, ttlResolution: 0 }),
  });
}
