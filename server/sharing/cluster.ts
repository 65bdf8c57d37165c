// The IPC between the cluster's primary and its workers (node:cluster): the link itself, and what the
// workers share through it — the write limiter's counts, kept in the primary, and the operator's cache
// rules, in force on every worker. Purges travel on it too (the cluster bus, purge.ts).
//
// One IPC link is the same on both ends: one-way notes (purges, rules) and asks that wait for a reply
// (metrics, rate-limit counts, the rules in force). Messages are JSON over the cluster's own channel;
// anything without our `edge` mark (prom-client's, Node's) is left alone.
import type { Logger } from 'pino';
import { MemoryStore, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { checkCacheRules, type CacheRules } from '../config.ts';
import type { LiveRules } from '../content/lifetimes.ts';

/** What both ends look like: `process` in a worker, a cluster `Worker` in the primary. */
export interface IpcPort {
  send(message: unknown, callback: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

type Message =
  | { edge: 'note'; kind: string; body: unknown }
  | { edge: 'ask'; kind: string; id: number; body: unknown }
  | { edge: 'reply'; id: number; ok: true; value: unknown }
  | { edge: 'reply'; id: number; ok: false; error: string };

class ChannelError extends Error {
  readonly code = 'CLUSTER_IPC';
}

export interface Channel {
  /** Fire and forget; a note that cannot be sent (the other end is gone) is dropped. */
  note(kind: string, body: unknown): void;
  /** Rejects with a ChannelError when the other end does not answer within `timeoutMs`. */
  ask<T>(kind: string, body: unknown, timeoutMs: number): Promise<T>;
  onNote(kind: string, listener: (body: unknown) => void): void;
  /** The handler's value (or promise) is the reply; a throw is a failed reply. */
  onAsk(kind: string, handler: (body: unknown) => unknown): void;
  /** Stops listening; asks still waiting fail at once. */
  close(): void;
}

const isMessage = (m: unknown): m is Message =>
  typeof m === 'object' &&
  m !== null &&
  ((m as Message).edge === 'note' || (m as Message).edge === 'ask' || (m as Message).edge === 'reply');

export function createChannel(port: IpcPort): Channel {
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  const noteListeners = new Map<string, Array<(body: unknown) => void>>();
  const askHandlers = new Map<string, (body: unknown) => unknown>();

  // A send on a closed channel reports through the callback (without one, Node emits 'error' on the
  // process, which would crash a worker whose primary just went away).
  const send = (message: Message, onError: (error: Error) => void = () => {}) => {
    try {
      port.send(message, (error) => {
        if (error) onError(error);
      });
    } catch (error) {
      onError(error as Error);
    }
  };

  const settle = (id: number, outcome: { value: unknown } | { error: Error }) => {
    const pending = waiting.get(id);
    if (!pending) return; // timed out already
    waiting.delete(id);
    clearTimeout(pending.timer);
    if ('error' in outcome) pending.reject(outcome.error);
    else pending.resolve(outcome.value);
  };

  const listener = (raw: unknown) => {
    if (!isMessage(raw)) return;
    if (raw.edge === 'note') {
      for (const l of noteListeners.get(raw.kind) ?? []) l(raw.body);
    } else if (raw.edge === 'reply') {
      settle(raw.id, raw.ok ? { value: raw.value } : { error: new ChannelError(raw.error) });
    } else {
      const handler = askHandlers.get(raw.kind);
      const id = raw.id;
      void (async () => {
        try {
          if (!handler) throw new Error(`nothing answers "${raw.kind}" here`);
          send({ edge: 'reply', id, ok: true, value: await handler(raw.body) });
        } catch (error) {
          send({ edge: 'reply', id, ok: false, error: (error as Error).message });
        }
      })();
    }
  };
  port.on('message', listener);

  return {
    note(kind, body) {
      send({ edge: 'note', kind, body });
    },
    ask<T>(kind: string, body: unknown, timeoutMs: number) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => settle(id, { error: new ChannelError(`no answer to "${kind}" within ${timeoutMs} ms`) }), timeoutMs);
        timer.unref();
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
        send({ edge: 'ask', kind, id, body }, (error) => settle(id, { error: new ChannelError(`"${kind}" not sent: ${error.message}`) }));
      });
    },
    onNote(kind, l) {
      noteListeners.set(kind, [...(noteListeners.get(kind) ?? []), l]);
    },
    onAsk(kind, handler) {
      askHandlers.set(kind, handler);
    },
    close() {
      port.off('message', listener);
      for (const id of [...waiting.keys()]) settle(id, { error: new ChannelError('channel closed') });
    },
  };
}

// ---- The write limiter's counts ----
// One express-rate-limit MemoryStore in the primary, reached by every worker over IPC, so a client has one
// budget per window whatever worker its requests land on (a MemoryStore per worker would give it
// WEB_CONCURRENCY budgets). Dividing the limit by the worker count would not do: connections are spread per
// connection, not per client, so one client on one keep-alive connection would get a fraction of its
// budget. Writes are rare (messages, answers, likes), so one IPC round trip per write costs nothing that
// shows.

const RATE = 'rate';
/** Past this the limiter lets the write through (passOnStoreError) rather than fail it with a 500. */
const RATE_ASK_TIMEOUT_MS = 1000;

interface RateAsk {
  op: 'increment' | 'decrement' | 'resetKey' | 'get';
  windowMs: number;
  key: string;
}
interface RateInfo {
  totalHits: number;
  resetTime: number | null;
}

const toInfo = (info: ClientRateLimitInfo | undefined): RateInfo | null =>
  info ? { totalHits: info.totalHits, resetTime: info.resetTime ? info.resetTime.getTime() : null } : null;
const fromInfo = (info: RateInfo): ClientRateLimitInfo => ({
  totalHits: info.totalHits,
  resetTime: info.resetTime === null ? undefined : new Date(info.resetTime),
});

/** The worker's store: every call is answered by the primary's MemoryStore for the same window. */
export class ClusterRateStore implements Store {
  /** The counts live in one place for every worker: a key counted here is counted everywhere. */
  readonly localKeys = false;
  private windowMs = 60_000;
  constructor(private readonly channel: Channel) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }
  private ask(op: RateAsk['op'], key: string): Promise<RateInfo | null> {
    return this.channel.ask<RateInfo | null>(RATE, { op, key, windowMs: this.windowMs } satisfies RateAsk, RATE_ASK_TIMEOUT_MS);
  }
  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const info = await this.ask('get', key);
    return info ? fromInfo(info) : undefined;
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const info = await this.ask('increment', key);
    if (!info) throw new Error('the primary returned no count');
    return fromInfo(info);
  }
  async decrement(key: string): Promise<void> {
    await this.ask('decrement', key);
  }
  async resetKey(key: string): Promise<void> {
    await this.ask('resetKey', key);
  }
}

/** The primary's part: answers one worker's rate asks from stores shared by all workers (one per window). */
export function createRateCounts(): { serve(link: Channel): void; close(): void } {
  const stores = new Map<number, MemoryStore>();
  const storeFor = (windowMs: number) => {
    let store = stores.get(windowMs);
    if (!store) {
      store = new MemoryStore();
      store.init({ windowMs } as Options);
      stores.set(windowMs, store);
    }
    return store;
  };
  return {
    serve(link) {
      link.onAsk(RATE, async (body) => {
        const { op, key, windowMs } = body as RateAsk;
        if (typeof key !== 'string' || !Number.isInteger(windowMs) || windowMs <= 0) throw new Error('bad rate ask');
        const store = storeFor(windowMs);
        if (op === 'increment') return toInfo(await store.increment(key));
        if (op === 'get') return toInfo(await store.get(key));
        if (op === 'decrement') await store.decrement(key);
        else if (op === 'resetKey') await store.resetKey(key);
        else throw new Error(`unknown rate op ${String(op)}`);
        return null;
      });
    },
    close() {
      for (const store of stores.values()) store.shutdown();
    },
  };
}

// ---- The operator's API rules on every worker ----
// A change (PUT, DELETE and the console's POST /_edge/rules) reaches one worker through the shared port,
// which applies it at once (its answer shows it) and tells the primary what changed — the rules set,
// changed or dropped, not its whole layer, so two workers changing different endpoints at once both keep
// their change. The primary applies each change to the rules it keeps and sends the result, numbered, to
// every worker (the one it came from included); a worker installs only a newer number than it has, so a
// late answer cannot undo a later change. A starting or replacement worker asks for the rules in force
// before it listens. CACHE_RULES and the rules file are each worker's own reading of the same env and file;
// only the operator layer travels.

/** worker → primary: what one change did (a lifetime per endpoint set, null per endpoint dropped). */
const RULES_CHANGE = 'rules-change';
/** primary → worker: the rules in force, numbered; also the answer to RULES_NOW. */
const RULES = 'rules';
const RULES_NOW = 'rules-now';
/** How long a starting worker waits for the primary's rules before it serves without them. */
const RULES_ASK_TIMEOUT_MS = 5_000;

type Change = Partial<Record<string, number | null>>;
/** The operator's rules in force, numbered by the primary (each change, one more). */
export interface KeptRules {
  seq: number;
  rules: CacheRules;
}

/** Checked again on arrival: what crosses the channel is parsed like any other input. */
function checked(body: unknown, allowNull: boolean): Change | null {
  const { rules, problems } = checkCacheRules(body, { allowNull });
  return problems.length === 0 ? rules : null;
}

function numberedOf(body: unknown): KeptRules | null {
  if (typeof body !== 'object' || body === null) return null;
  const { seq, rules } = body as Record<string, unknown>;
  const set = checked(rules, false);
  return typeof seq === 'number' && Number.isInteger(seq) && set ? { seq, rules: set as CacheRules } : null;
}

/** Every endpoint whose rule differs between two layers: its new lifetime, or null where it was dropped. */
function changeBetween(before: CacheRules, after: CacheRules): Change {
  const change: Change = {};
  const rule = (r: CacheRules, name: string): number | undefined => (r as Partial<Record<string, number>>)[name];
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (rule(before, name) !== rule(after, name)) change[name] = rule(after, name) ?? null;
  }
  return change;
}

/** The worker's end. Resolves once the primary's rules are in (or the ask timed out: logged). */
export function shareClusterRules(channel: Channel, rules: LiveRules, logger?: Logger): Promise<void> {
  let installing = false;
  let installed = -1;
  let known = rules.api();
  const install = (body: unknown): void => {
    const numbered = numberedOf(body);
    if (!numbered || numbered.seq <= installed) return;
    installed = numbered.seq;
    installing = true;
    try {
      rules.setApi(numbered.rules);
    } finally {
      installing = false;
    }
  };
  channel.onNote(RULES, install);
  rules.onChange((layer) => {
    if (layer !== 'api') return;
    const now = rules.api();
    if (!installing) {
      const change = changeBetween(known, now);
      if (Object.keys(change).length > 0) channel.note(RULES_CHANGE, change);
    }
    known = now;
  });
  return channel.ask<unknown>(RULES_NOW, null, RULES_ASK_TIMEOUT_MS).then(install, (err: unknown) => {
    logger?.warn({ err }, 'the primary did not hand over the operator cache rules: serving without them until the next change');
  });
}

/** The primary's part for one worker's link; `kept` is shared by every link. */
export function relayClusterRules(from: Channel, links: () => Iterable<Channel>, kept: { apiRules: KeptRules }): void {
  from.onAsk(RULES_NOW, () => kept.apiRules);
  from.onNote(RULES_CHANGE, (body) => {
    const change = checked(body, true);
    if (!change) return;
    const next: Partial<Record<string, number>> = { ...kept.apiRules.rules };
    for (const [name, seconds] of Object.entries(change)) {
      if (seconds === null || seconds === undefined) delete next[name];
      else next[name] = seconds;
    }
    kept.apiRules = { seq: kept.apiRules.seq + 1, rules: next as CacheRules };
    for (const link of links()) link.note(RULES, kept.apiRules);
  });
}

export const NO_RULES: KeptRules = { seq: 0, rules: {} };
