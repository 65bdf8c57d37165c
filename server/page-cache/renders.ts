// The renders of pages under way, by page key: what the requests behind the first one wait on instead
// of rendering the page again, and the background re-renders of stored pages (one at a time per page).
// A render settles with the page it stored, or null when the page was not kept.
import type { IncomingMessage } from 'node:http';
import type { PageEntry } from './entry.ts';

/** Asks the page router for one page again, in the background (server/app/pages.ts runs it through Express). */
export type Rerender = (
  target: { key: string; url: string; host: string; protocol: string },
  /** Called with the request that carries the re-render, before the app sees it. */
  mark: (req: IncomingMessage) => void,
) => Promise<void>;

export interface RerenderJob {
  key: string;
  /** Set once the request reached the page cache (its recording settles the job). */
  started: boolean;
  settle: (entry: PageEntry | null) => void;
}

export interface Refresh {
  /** The new page, or null when it could not be kept (or none was tried). */
  page: Promise<PageEntry | null>;
  /** This call started the re-render (not one under way, nor none at all). */
  started: boolean;
}

export interface Renders {
  /** The render of `key` under way, if any. */
  running(key: string): Promise<PageEntry | null> | undefined;
  /** Registers a visitor's render of `key` (its followers wait on it); the caller settles it. */
  start(key: string): (entry: PageEntry | null) => void;
  /**
   * Starts one background re-render of a stored page, unless one (or a visitor's render) is under way or
   * the last one came to nothing a moment ago. Its followers get the new page, or null.
   */
  refresh(entry: PageEntry): Refresh;
  /** The re-render a request carries, when it is one (marked by the rerender hook). */
  jobOf(req: IncomingMessage): RerenderJob | undefined;
}

/**
 * After a background re-render that could not keep the page (a part's upstream call failed, the
 * service is down), that page is not re-rendered again for this long: its visitors get the stored page
 * at once. Without it, during an outage every visitor past the revalidate window paid a render of its
 * own that could not be kept (service hung, 8 clients: p50 42 ms for a stored page).
 */
export const RERENDER_RETRY_MS = 5_000;

export interface RendersOptions {
  rerender?: Rerender;
  now: () => number;
  followLimitMs: number;
  onRefresh: () => void;
  /** A background re-render let go unfinished after followLimitMs (the page it was for stays as it is). */
  onAbandon?: (key: string) => void;
}

export function createRenders(options: RendersOptions): Renders {
  const { rerender, followLimitMs } = options;
  /** Renders under way, by key: what their followers wait on (the page, or null when it was not kept). */
  const inflight = new Map<string, Promise<PageEntry | null>>();
  /** Requests that are background re-renders: they render and store, never replay. */
  const rerenders = new WeakMap<IncomingMessage, RerenderJob>();
  /** When a stored page's last re-render came to nothing (gone with the page). */
  const failedAt = new WeakMap<PageEntry, number>();

  function track(key: string, render: Promise<PageEntry | null>): void {
    inflight.set(key, render);
    void render.finally(() => {
      if (inflight.get(key) === render) inflight.delete(key);
    });
  }

  function start(key: string): (entry: PageEntry | null) => void {
    let settle!: (entry: PageEntry | null) => void;
    track(key, new Promise<PageEntry | null>((resolve) => (settle = resolve)));
    return settle;
  }

  function refresh(entry: PageEntry): Refresh {
    const running = inflight.get(entry.key);
    if (running) return { page: running, started: false };
    const failed = failedAt.get(entry);
    if (!rerender || (failed !== undefined && options.now() - failed < RERENDER_RETRY_MS)) return { page: Promise.resolve(null), started: false };
    options.onRefresh();
    const url = new URL(entry.key);
    const target = { key: entry.key, url: `${url.pathname}${url.search}`, host: url.host, protocol: url.protocol.slice(0, -1) };
    const job: RerenderJob = { key: entry.key, started: false, settle: () => undefined };
    let settled = false;
    const result = new Promise<PageEntry | null>((resolve) => {
      job.settle = (page) => {
        settled = true;
        resolve(page);
      };
      const marked = (req: IncomingMessage) => rerenders.set(req, job);
      // A re-render that never reached the page cache (refused on the way) keeps nothing.
      rerender(target, marked).then(
        () => !job.started && job.settle(null),
        () => job.settle(null),
      );
      // Nor does one that never ends: the page is not left waiting on it (a render is cut at 10 s anyway),
      // and the operator hears of it — a re-render that cannot finish leaves the page old for good.
      setTimeout(() => {
        if (settled) return;
        options.onAbandon?.(entry.key);
        job.settle(null);
      }, followLimitMs).unref();
    });
    track(entry.key, result);
    void result.then((page) => {
      if (page === null) failedAt.set(entry, options.now());
    });
    return { page: result, started: true };
  }

  return { running: (key) => inflight.get(key), start, refresh, jobOf: (req) => rerenders.get(req) };
}
