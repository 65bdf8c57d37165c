// Every request's start and end, at the front door or in Express: a request id (X-Request-Id accepted
// when sane, otherwise made up, always returned), `Connection: close` while draining, the request's typed
// context (its id, the route that answered, how the caches answered), and — once the answer is sent — one
// JSON log line and the request-duration metric, written at the end of the turn. A client that leaves
// before its answer is complete is an info line with the code CLIENT_GONE, never an error.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * A room's part at the front door (server/door.ts, from the path table server/paths.ts): it answers what
 * its room holds in memory, beginning the request with beginDoorRequest, or hands the request on to `next`
 * (Express) untouched. `started` is when the door took the request (the duration metric counts from it).
 */
export type DoorPart = (req: IncomingMessage, res: ServerResponse, started: number, next: RequestListener) => void;

const SANE_ID = /^[A-Za-z0-9._:@-]{1,128}$/;

/** The code of a request whose client left before its answer was complete: the visitor's doing, not a failure. */
const CLIENT_GONE = 'CLIENT_GONE';
/** The status such a request is logged and counted with (nginx's "client closed request"). */
const CLIENT_GONE_STATUS = 499;

export interface RequestLogDeps {
  logger: Logger;
  /** The request-duration metric (edge_http_request_duration_seconds). */
  observe: (route: string, method: string, status: number, seconds: number) => void;
  draining: () => boolean;
}

/** What the edge knows of one request while it answers it; the access line reads it at the end. */
interface RequestContext {
  readonly id: string;
  /** The bounded metrics label of the route that answered. */
  route: string;
  /** X-Cache of the answer. */
  cache: string | undefined;
  /** The answer is a prepared one (http/prepared.ts), sent as it is: compression leaves it alone. */
  prepared: boolean;
}

const CONTEXT = Symbol('edge request');
type WithContext = ServerResponse & { [CONTEXT]?: RequestContext };

/** The id of the request this response answers; undefined before the request log began it. */
export const requestIdOf = (res: ServerResponse): string | undefined => (res as WithContext)[CONTEXT]?.id;

/** Names the route that answered (the metric's and the access line's `route`). */
export function setRouteId(res: ServerResponse, route: string): void {
  const context = (res as WithContext)[CONTEXT];
  if (context) context.route = route;
}

/**
 * Says how the edge's caches answered: `X-Cache`, and `Age` (seconds) when given. For answers whose
 * headers go out one by one (Express); a prepared answer carries its own (http/prepared.ts).
 */
export function labelCache(res: ServerResponse, status: string, ageS?: number | string): void {
  noteCache(res, status);
  res.setHeader('X-Cache', status);
  if (ageS !== undefined) res.setHeader('Age', String(ageS));
}

/** The X-Cache of an answer whose headers went out another way, for the access line. */
export function noteCache(res: ServerResponse, status: string): void {
  const context = (res as WithContext)[CONTEXT];
  if (context) context.cache = status;
}

/** Notes that the answer going out is a prepared one, which chose its own coding (http/prepared.ts sendPrepared). */
export function notePrepared(res: ServerResponse): void {
  const context = (res as WithContext)[CONTEXT];
  if (context) context.prepared = true;
}

/** Whether the answer going out is a prepared one: compression of answers made now (http/compress.ts) leaves it as it is. */
export const isPrepared = (res: ServerResponse): boolean => (res as WithContext)[CONTEXT]?.prepared === true;

/** The request's id: its own X-Request-Id when sane, else a new one. */
function idOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Express's start of a request: the id is set as a header at once (answers go out header by header). */
export function beginRequest(req: IncomingMessage, res: ServerResponse, deps: RequestLogDeps, started = performance.now()): void {
  const id = begin(req, res, deps, started);
  res.setHeader('X-Request-Id', id);
  if (deps.draining()) res.setHeader('Connection', 'close');
}

/**
 * The front door's start of a request: the same id, log line and metric, but no header is set here —
 * the answer's headers go out in one writeHead (http/prepared.ts), which is what makes it cheap.
 */
export function beginDoorRequest(
  req: IncomingMessage,
  res: ServerResponse,
  deps: RequestLogDeps,
  started: number,
): { requestId: string; close: boolean } {
  return { requestId: begin(req, res, deps, started), close: deps.draining() };
}

/** A request begun at the door keeps its id (and its start) when its headers go out one by one after all. */
function begin(req: IncomingMessage, res: ServerResponse, deps: RequestLogDeps, started: number): string {
  const known = (res as WithContext)[CONTEXT];
  if (known) return known.id;
  const context: RequestContext = { id: idOf(req), route: 'unmatched', cache: undefined, prepared: false };
  (res as WithContext)[CONTEXT] = context;
  logWhenFinished(req, res, context, deps, started);
  return context.id;
}

/** What the access line and the duration metric of one finished answer need, read when it finished. */
interface Finished {
  deps: RequestLogDeps;
  /** The client went away before the answer was complete (logged as such, status 499 as nginx does). */
  gone: boolean;
  id: string;
  method: string;
  url: string | undefined;
  status: number;
  seconds: number;
  route: string;
  cache: string | undefined;
}

/**
 * Answers finished in this turn of the event loop, written out together once the turn's I/O is done
 * (setImmediate): logging each one on its 'finish' put the line's serialisation and the histogram between
 * one answer's write and the next request's read. Nothing is dropped: the check phase comes before the
 * loop can end, and the drain in main.ts waits for connections and the app to close before it exits.
 */
let finished: Finished[] = [];

function writeFinished(): void {
  const batch = finished;
  finished = [];
  for (const f of batch) {
    f.deps.observe(f.route, f.method, f.status, f.seconds);
    const code = f.gone ? CLIENT_GONE : undefined;
    const line = {
      reqId: f.id,
      method: f.method,
      url: f.url,
      status: f.status,
      ms: Math.round(f.seconds * 10_000) / 10,
      route: f.route,
      cache: f.cache,
      code,
    };
    f.deps.logger.info(line, f.gone ? 'client went away before the answer was complete' : 'request');
  }
}

function logWhenFinished(req: IncomingMessage, res: ServerResponse, context: RequestContext, deps: RequestLogDeps, started: number): void {
  // As the client sent it: Express's mounted routers strip their prefix from req.url while they run.
  const url = req.url;
  const done = (gone: boolean): void => {
    if (finished.length === 0) setImmediate(writeFinished);
    finished.push({
      deps,
      gone,
      id: context.id,
      method: req.method ?? 'GET',
      url,
      status: gone ? CLIENT_GONE_STATUS : res.statusCode,
      seconds: (performance.now() - started) / 1000,
      route: context.route,
      cache: context.cache,
    });
  };
  res.on('finish', () => done(false));
  res.on('close', () => {
    if (!res.writableFinished) done(true);
  });
}
