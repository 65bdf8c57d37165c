// JSON request bodies of the proxy: JSON content types only, at most 64 KB and 32 levels deep; a
// declared length within the limit is read directly (readDeclared), anything else with raw-body (what
// body-parser uses). Errors carry body-parser's `type` and `status`, so an error answer names the limit
// (http/error-answers.ts: 413, 400 or 415). The front door's API reads read theirs with readJsonBodyThen,
// Express's writes with readJsonBody.
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';

export const BODY_LIMIT_BYTES = 64 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A body is there (length or chunked) and says it is JSON. */
export function hasJsonType(req: IncomingMessage): boolean {
  return JSON_TYPE.test(req.headers['content-type'] ?? '');
}

export function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

interface BodyError extends Error {
  type: string;
  status: number;
  /** The limit that was passed (bytes for `entity.too.large`, levels for `entity.too.deep`). */
  limit?: number;
}

function bodyError(message: string, type: string, status: number, extra: { cause?: unknown; limit?: number } = {}): BodyError {
  return Object.assign(new Error(message, { cause: extra.cause }), { type, status, limit: extra.limit });
}

type Memo = (text: string, parse: () => unknown) => unknown;

/** The parsed body ({} when there is none); rejects with a typed error. */
export function readJsonBody(req: IncomingMessage, memo?: Memo): Promise<unknown> {
  return new Promise((resolve, reject) => readJsonBodyThen(req, memo, (error, body) => (error === null ? resolve(body) : reject(error))));
}

/**
 * The same with a callback, for the front door's API reads: no promise and no microtask between the body's last
 * byte and the answer (React's server renderer switches on an AsyncLocalStorage, so every promise also
 * pays Node's async hooks), and a body of declared length is read directly, without raw-body's set-up.
 * Both are a visible share of a cached API read's CPU (bench/front-door.ts measures it).
 */
export function readJsonBodyThen(req: IncomingMessage, memo: Memo | undefined, done: (error: unknown, body?: unknown) => void): void {
  if (!hasBody(req)) return done(null, {});
  const charset = /charset=([^;]+)/i
    .exec(req.headers['content-type'] ?? '')?.[1]
    ?.trim()
    .toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8')
    return done(bodyError(`unsupported charset "${charset}"`, 'charset.unsupported', 415));
  if (req.headers['content-encoding'] && req.headers['content-encoding'] !== 'identity') {
    return done(bodyError('compressed request bodies are not accepted', 'encoding.unsupported', 415));
  }
  const onBytes = (error: unknown, bytes?: Buffer): void => {
    if (error) return done(error);
    let body: unknown;
    try {
      body = parseJsonBody(bytes!.toString('utf8'), memo);
    } catch (parseError) {
      return done(parseError);
    }
    done(null, body);
  };
  const declared = Number(req.headers['content-length']);
  if (req.headers['transfer-encoding'] === undefined && declared > 0 && declared <= BODY_LIMIT_BYTES) return readDeclared(req, onBytes);
  // Bytes, then one utf8 decode (raw-body's own decoding goes through iconv-lite).
  getRawBody(req, { length: req.headers['content-length'], limit: BODY_LIMIT_BYTES }, onBytes);
}

/**
 * A body of a declared length within the limit — what browsers send — read with a listener for its bytes
 * and one for its end: Node's parser delivers exactly that many bytes before 'end', so there is no length
 * or limit to check. A client that goes away first ends it with 'error' (ECONNRESET, "aborted"). Chunked
 * bodies and declared ones over the limit go through raw-body (the 413, the running count).
 */
function readDeclared(req: IncomingMessage, done: (error: unknown, bytes?: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let settled = false;
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(null, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
  });
  req.on('error', (cause: unknown) => {
    if (settled) return;
    settled = true;
    done(bodyError('request aborted', 'request.aborted', 400, { cause }));
  });
}

function parseJsonBody(text: string, memo: Memo | undefined): unknown {
  if (text.trim() === '') return {};
  const parse = (): unknown => {
    // Before parsing: a deep body is refused in one cheap pass, and nothing after (the cache key, the
    // write checks) ever walks one. (A body the memo knows passed it already.)
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      throw bodyError(tooDeepMessage(MAX_JSON_DEPTH), 'entity.too.deep', 400, { limit: MAX_JSON_DEPTH });
    try {
      return JSON.parse(text) as unknown;
    } catch (cause) {
      throw bodyError('the request body is not valid JSON', 'entity.parse.failed', 400, { cause });
    }
  };
  return memo ? memo(text, parse) : parse();
}

// ---- How deep a JSON body may nest ----
// Limits on JSON that callers send. A body of the content API is two or three levels deep
// (`{ entity: {…}, param: {…} }`, a questionnaire's answers one more), so anything much deeper is a
// fault or an attack: the cache key, the write checks and the service would all walk it. The depth
// is counted on the text before JSON.parse ever sees it, in one pass that stops at the first level
// over the limit, so a 40 KB body of `[[[[…` costs microseconds instead of a stack overflow.

/** Deepest nesting of arrays and objects a JSON request body may have. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b; // {
const OPEN_BRACKET = 0x5b; // [
const CLOSE_BRACE = 0x7d; // }
const CLOSE_BRACKET = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * True when `text` nests `[`/`{` (outside strings) deeper than `limit`. Only nesting is judged; the
 * rest of the syntax is JSON.parse's business, so malformed text under the limit returns false.
 * @internal test hook: the scan's early stop (it reads no further than the first level over) is tested on it.
 */
export function nestsDeeperThan(text: string, limit: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH)
        i += 1; // whatever is escaped cannot end the string
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}

/** The message a caller gets for a body over the limit (also what the tests look for). */
export const tooDeepMessage = (limit: number = MAX_JSON_DEPTH): string => `The request body is nested deeper than ${limit} levels`;
