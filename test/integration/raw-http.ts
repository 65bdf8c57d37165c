// Hand-written HTTP/1.1 requests over a plain socket, for the hostile-input suite: fetch and undici
// normalise what matters here (`//x`, `/\x`, `Host`, header casing and framing), so the request line
// and headers go out byte for byte as written. One request per connection (`Connection: close`);
// interim answers (103 Early Hints) are skipped; a request with no final answer in time is reported.
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (`//x`, `/%E0%A4%A`, `http://host/path`, `*`). */
  target: string;
  /** Header lines in order; `Host` is not added when one is given (an empty value is sent as such). */
  headers?: Array<[string, string]>;
  /** Leave out the Host header altogether. */
  noHost?: boolean;
  body?: string | Buffer;
  /** Content-Length to declare instead of the body's own (a lie, or none with `null`). */
  contentLength?: number | null;
  /** A request sent once this one's answer has arrived (a fuzz pair: break a page, then ask for it). */
  then?: RawRequest;
}

export interface RawAnswer {
  /** Final status; null when none arrived (timed out, or the connection closed without one). */
  status: number | null;
  headers: Array<[string, string]>;
  /** The body bytes as latin1 text (chunk framing left in: only searched, never parsed). */
  body: string;
  timedOut: boolean;
  /** A socket error, if the connection failed (an answer may still have arrived before it). */
  error?: string;
  ms: number;
}

export function requestBytes(req: RawRequest, hostFallback: string): Buffer {
  const body = req.body === undefined ? undefined : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body, 'utf8');
  const headers = [...(req.headers ?? [])];
  const has = (name: string) => headers.some(([n]) => n.toLowerCase() === name);
  if (!req.noHost && !has('host')) headers.unshift(['Host', hostFallback]);
  const length = req.contentLength === undefined ? body?.length : req.contentLength;
  if (length !== null && length !== undefined && !has('content-length') && !has('transfer-encoding'))
    headers.push(['Content-Length', String(length)]);
  if (!has('connection')) headers.push(['Connection', 'close']);
  const head = `${req.method} ${req.target} HTTP/1.1\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  return body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
}

/** The final answer in `raw` (interim 1xx answers skipped). */
export function parseAnswer(raw: Buffer): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  let text = raw.toString('latin1');
  for (;;) {
    const end = text.indexOf('\r\n\r\n');
    if (end === -1) return { status: null, headers: [], body: '' };
    const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    if (!Number.isInteger(status)) return { status: null, headers: [], body: '' };
    if (status >= 100 && status < 200) {
      text = text.slice(end + 4);
      continue;
    }
    const headers = lines.map((l): [string, string] => {
      const colon = l.indexOf(':');
      return [l.slice(0, colon).trim().toLowerCase(), l.slice(colon + 1).trim()];
    });
    return { status, headers, body: text.slice(end + 4) };
  }
}

/**
 * The body's text with chunk framing taken out (UTF-8): for a search that may cross a chunk boundary,
 * where the framing would fall between the bytes of a character.
 */
export function bodyText(answer: Pick<RawAnswer, 'headers' | 'body'>): string {
  const chunked = answer.headers.some(([n, v]) => n === 'transfer-encoding' && /chunked/i.test(v));
  if (!chunked) return Buffer.from(answer.body, 'latin1').toString('utf8');
  const parts: string[] = [];
  let at = 0;
  for (;;) {
    const eol = answer.body.indexOf('\r\n', at);
    const size = eol === -1 ? 0 : parseInt(answer.body.slice(at, eol), 16);
    if (!(size > 0)) break;
    parts.push(answer.body.slice(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.from(parts.join(''), 'latin1').toString('utf8');
}

export function sendRaw(port: number, req: RawRequest, timeoutMs = 5000): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const socket = connect(port, '127.0.0.1');
    const finish = (timedOut: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const answer = parseAnswer(Buffer.concat(chunks));
      resolve({ ...answer, timedOut: timedOut && answer.status === null, error, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(true), timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('end', () => finish(false));
    socket.on('close', () => finish(false));
    // A reset after the server answered early (a refused body it did not read) still counts the answer.
    socket.on('error', (e) => {
      error = (e as NodeJS.ErrnoException).code ?? e.message;
    });
    socket.write(requestBytes(req, `127.0.0.1:${port}`));
  });
}
