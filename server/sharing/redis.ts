// One Redis connection that can never hurt a request: every command is bounded by REDIS_TIMEOUT_MS and
// answers UNAVAILABLE instead of throwing, the client reconnects by itself with a capped backoff, and the
// up/down state is logged once per change.
//
// Client: node-redis (`redis`), not ioredis. It is the client Redis Ltd. maintains, typed in TypeScript
// from the source, with RESP3 and per-command timeouts built in; ioredis is in maintenance mode. Both do
// pub/sub with automatic resubscription.
import { createClient, RESP_TYPES } from 'redis';
import type { Logger } from 'pino';

/** What every command answers when Redis cannot be used for it (down, slow, an error): go on without it. */
export const UNAVAILABLE = Symbol('redis unavailable');
type Unavailable = typeof UNAVAILABLE;
const TIMED_OUT = Symbol('redis timeout');

/** After a timed-out command, Redis is skipped for this long (a hung server must not cost every request its timeout). */
const QUIET_AFTER_TIMEOUT_MS = 1_000;
/** Reconnect backoff: 50 ms doubling, capped (a returning Redis is used again within this). */
const RECONNECT_CAP_MS = 2_000;

export type RedisArg = string | Buffer;

export interface RedisLink {
  /** Connected, and answering in time (after a timed-out command: down until one succeeds again). */
  up(): boolean;
  /** Runs one command within the time limit; bulk strings come back as Buffers. */
  run<T = unknown>(args: readonly RedisArg[]): Promise<T | Unavailable>;
  /** Subscribes (on a connection of its own) to a channel; `onResync` runs after that connection came back from a loss. */
  subscribe(channel: string, listener: (message: Buffer) => void, onResync: () => void): void;
  /** Told every change of up(), after it is logged. */
  onState(listener: (up: boolean) => void): void;
  close(): Promise<void>;
}

interface RedisLinkOptions {
  url: string;
  timeoutMs: number;
  logger: Logger;
  now?: () => number;
}

/** Exponential backoff with a little jitter, so many instances do not reconnect in step. */
function reconnectDelay(retries: number): number {
  return Math.min(RECONNECT_CAP_MS, 50 * 2 ** Math.min(retries, 10)) + Math.floor(Math.random() * 50);
}

function clientOptions(url: string, timeoutMs: number) {
  return {
    url,
    // A command sent while disconnected fails at once instead of waiting in a queue for a reconnect.
    disableOfflineQueue: true,
    socket: { connectTimeout: Math.max(timeoutMs * 4, 1000), reconnectStrategy: reconnectDelay, keepAlive: true },
  };
}

function newClient(url: string, timeoutMs: number) {
  return createClient(clientOptions(url, timeoutMs)).withTypeMapping({ [RESP_TYPES.BLOB_STRING]: Buffer });
}
type LinkClient = ReturnType<typeof newClient>;

export function createRedisLink({ url, timeoutMs, logger, now = Date.now }: RedisLinkOptions): RedisLink {
  const log = logger.child({ component: 'redis' });
  const client = newClient(url, timeoutMs);
  let subscriber: ReturnType<typeof createClient> | null = null;
  const state = connectWatched(client, { url, log, now });
  const run = commandRunner(client, state, { timeoutMs, log });
  // A slow server gets a PING once its quiet second is over, so recovery shows without traffic (unref'd).
  const tick = setInterval(() => {
    if (state.slow && state.usable()) void run(['PING']);
  }, 500);
  tick.unref();

  return {
    up: state.up,
    run,
    subscribe(channel, listener, onResync) {
      subscriber = subscribeOn(client, { channel, listener, onResync, log });
    },
    onState: state.onState,
    async close() {
      state.close();
      clearInterval(tick);
      for (const c of [subscriber, client]) if (c) await closeConnection(c, timeoutMs);
    },
  };
}

/** One connection's up/down state (connected, and no command timed out since the last answer), logged once per change. */
interface LinkState {
  /** What is reported (gauge, /readyz, logs): connected and answering in time. */
  up(): boolean;
  /** Whether a command may be sent: connected, and not within the quiet second after a timeout. */
  usable(): boolean;
  /** A command timed out on this connection and none has succeeded since: reported down, tried again once a second. */
  readonly slow: boolean;
  /** A command timed out while connected: down, and Redis is skipped for QUIET_AFTER_TIMEOUT_MS. */
  timedOut(reason: string): void;
  /** A command answered: a slow connection is up again. */
  answered(): void;
  onState(listener: (up: boolean) => void): void;
  /** Nothing is logged or told from now on. */
  close(): void;
}

/** Connects the client (it reconnects by itself) and follows its state from its events and the commands' outcomes. */
function connectWatched(client: LinkClient, { url, log, now }: { url: string; log: Logger; now: () => number }): LinkState {
  const listeners: Array<(up: boolean) => void> = [];
  let quietUntil = 0;
  let slow = false;
  /** Null until the first connection or the first error: a start against a missing Redis logs "down" once. */
  let lastState: boolean | null = null;
  let closed = false;
  let lastError = '';

  const up = () => client.isReady && !slow;
  /** Logs and tells listeners when up() changed since the last look (called on events and after commands). */
  function noteState(): void {
    const state = up();
    if (state === lastState || closed || (lastState === null && !state && !lastError)) return;
    lastState = state;
    if (state) log.info({ url: redact(url) }, 'redis up: the shared cache tier is in use');
    else
      log.warn(
        { url: redact(url), reason: lastError || 'disconnected' },
        'redis down: each instance goes on alone (own cache and the upstream)',
      );
    for (const listener of listeners) listener(state);
  }

  client.on('error', (err: Error) => {
    lastError = err.message;
    noteState();
  });
  client.on('ready', () => {
    quietUntil = 0;
    slow = false;
    lastError = '';
    noteState();
  });
  client.on('end', noteState);
  client.on('reconnecting', noteState);
  client.connect().catch((err: Error) => {
    lastError = err.message;
  });

  return {
    up,
    usable: () => client.isReady && now() >= quietUntil,
    get slow() {
      return slow;
    },
    timedOut(reason) {
      quietUntil = now() + QUIET_AFTER_TIMEOUT_MS;
      slow = true;
      lastError = reason;
      noteState();
    },
    answered() {
      if (!slow) return;
      slow = false;
      noteState();
    },
    onState(listener) {
      listeners.push(listener);
    },
    close() {
      closed = true;
    },
  };
}

/** run(): one command within timeoutMs, UNAVAILABLE instead of an error, and the quiet second after a timeout. */
function commandRunner(client: LinkClient, state: LinkState, { timeoutMs, log }: { timeoutMs: number; log: Logger }): RedisLink['run'] {
  return async function run<T>(args: readonly RedisArg[]): Promise<T | Unavailable> {
    if (!state.usable()) return UNAVAILABLE;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
    });
    try {
      const sent = client.sendCommand(args as RedisArg[], { timeout: timeoutMs }) as Promise<T>;
      const result = await Promise.race([sent.catch((err: Error) => failed(err, log)), timeout]);
      if (result !== TIMED_OUT) {
        if (result !== UNAVAILABLE) state.answered();
        return result;
      }
      sent.catch(() => undefined);
      // Slow, not gone: skip Redis for a moment so a hung server costs one timeout per second, not one per request.
      if (client.isReady) state.timedOut(`a command took longer than REDIS_TIMEOUT_MS (${timeoutMs} ms)`);
      return UNAVAILABLE;
    } finally {
      clearTimeout(timer);
    }
  };
}

function failed(err: Error, log: Logger): Unavailable | typeof TIMED_OUT {
  if (/timeout/i.test(err.name) || /timeout/i.test(err.message)) return TIMED_OUT;
  // An error reply (wrong type, OOM under a noeviction policy) is not an outage: logged at debug only.
  log.debug({ err: err.message }, 'redis command failed');
  return UNAVAILABLE;
}

interface Subscription {
  channel: string;
  listener: (message: Buffer) => void;
  onResync: () => void;
  log: Logger;
}

/** A connection of its own subscribed to the channel (once it first connects); onResync after it came back from a loss. */
function subscribeOn(client: LinkClient, { channel, listener, onResync, log }: Subscription): ReturnType<typeof createClient> {
  const sub = client.duplicate();
  let lost = false;
  let subscribed = false;
  const markLost = () => {
    lost = subscribed;
  };
  sub.on('error', markLost);
  sub.on('end', markLost);
  sub.on('ready', () => {
    if (!subscribed) {
      // First connection (possibly long after start-up, if Redis was down then).
      sub
        .subscribe(channel, (message: Buffer) => listener(message), true)
        .then(
          () => void (subscribed = true),
          (err: Error) => log.warn({ err: err.message, channel }, 'redis subscribe failed; retried on the next reconnect'),
        );
      return;
    }
    // node-redis subscribes again by itself; what was published while we were away is gone.
    if (lost) onResync();
    lost = false;
  });
  sub.connect().catch(() => undefined);
  return sub as unknown as ReturnType<typeof createClient>;
}

/**
 * close() waits for replies in flight, but not forever (a hung server never answers them); destroy() when
 * the connection is gone or the wait ran out.
 */
async function closeConnection(c: ReturnType<typeof createClient> | LinkClient, timeoutMs: number): Promise<void> {
  if (c.isReady) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([c.close().catch(() => undefined), new Promise((r) => (timer = setTimeout(r, timeoutMs * 2)))]);
    clearTimeout(timer);
  }
  if (c.isOpen) c.destroy();
}

/** The URL without its password (logs and /readyz). */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://(unparsable)';
  }
}
