// Express request → the Fetch Request react-router's static handler takes: the visitor's absolute
// address, the method, the headers it needs, the form body of a POST, and an abort signal that fires
// when the visitor goes away.
import type { Request as ExpressRequest } from 'express';

/** Form posts are small (a message, questionnaire answers); anything larger is refused. */
export const MAX_FORM_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  readonly code = 'BODY_TOO_LARGE';
}

async function readBody(req: ExpressRequest): Promise<Buffer> {
  const parsed = (req as { body?: unknown }).body;
  if (parsed && typeof parsed === 'object' && !Buffer.isBuffer(parsed)) {
    // An earlier body parser consumed the stream: re-encode what it read.
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(parsed as Record<string, unknown>)) {
      for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
    }
    return Buffer.from(params.toString());
  }
  if (Buffer.isBuffer(parsed)) return parsed;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) throw new BodyTooLargeError(`form body over ${MAX_FORM_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function toFetchRequest(req: ExpressRequest, url: URL, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const name of ['accept', 'accept-language', 'user-agent', 'content-type', 'referer']) {
    const value = req.get(name);
    if (value) headers.set(name, value);
  }
  const post = req.method === 'POST';
  const body = post ? await readBody(req) : undefined;
  if (post && !headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
  return new Request(url, {
    method: post ? 'POST' : 'GET',
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal,
  });
}
