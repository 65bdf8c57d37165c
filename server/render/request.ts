// Express request → the Fetch Request react-router's static handler takes: the visitor's absolute
// address, the method, the headers it needs, the form body of a POST, and an abort signal that fires
// when the visitor goes away. A POST body that is not a form (wrong or missing content type, a
// multipart body that cannot be read, too large) is refused here with a FormBodyError (4xx), before
// an action would throw on it.
import type { Request as ExpressRequest } from 'express';

/** Form posts are small (a message, questionnaire answers); anything larger is refused. */
export const MAX_FORM_BYTES = 64 * 1024;

/** A POST body a page cannot take: `status` and the stable `code` are the answer, the message says why. */
export class FormBodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly code: 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'BAD_FORM',
    message: string,
  ) {
    super(message);
  }
}

export class BodyTooLargeError extends FormBodyError {
  constructor(message = `The form is larger than ${MAX_FORM_BYTES / 1024} KB`) {
    super(413, 'BODY_TOO_LARGE', message);
  }
}

export const FORM_TYPE_MESSAGE = 'Send the form as application/x-www-form-urlencoded or multipart/form-data';

const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i;
const MULTIPART = /^multipart\/form-data\s*(?:;|$)/i;

/** The content type a form POST goes on with; throws FormBodyError for anything that is not a form. */
export function formContentType(contentType: string | undefined, hasBody: boolean): string {
  if (!contentType) {
    // Nothing to read, nothing to type: an empty form. A body of no stated type is refused.
    if (!hasBody) return 'application/x-www-form-urlencoded';
    throw new FormBodyError(415, 'UNSUPPORTED_MEDIA_TYPE', `The form has no Content-Type. ${FORM_TYPE_MESSAGE}`);
  }
  if (URLENCODED.test(contentType)) return contentType;
  if (MULTIPART.test(contentType)) {
    if (!/;\s*boundary=/i.test(contentType)) throw new FormBodyError(400, 'BAD_FORM', 'The multipart form has no boundary');
    return contentType;
  }
  throw new FormBodyError(415, 'UNSUPPORTED_MEDIA_TYPE', FORM_TYPE_MESSAGE);
}

/** A multipart body the action's `formData()` would throw on is refused now, as the visitor's fault. */
async function checkMultipart(body: Buffer, contentType: string): Promise<void> {
  if (!MULTIPART.test(contentType)) return;
  try {
    await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new FormBodyError(400, 'BAD_FORM', 'The multipart form cannot be read');
  }
}

const hasBodyHeaders = (req: ExpressRequest): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

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
    if (size > MAX_FORM_BYTES) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export async function toFetchRequest(req: ExpressRequest, url: URL, signal: AbortSignal): Promise<Request> {
  const headers = new Headers();
  for (const name of ['accept', 'accept-language', 'user-agent', 'referer']) {
    const value = req.get(name);
    try {
      if (value) headers.set(name, value);
    } catch {
      // A value Node let through but the Fetch rules refuse: the loaders can do without it.
    }
  }
  const post = req.method === 'POST';
  if (post) headers.set('content-type', formContentType(req.get('content-type'), hasBodyHeaders(req)));
  const body = post ? await readBody(req) : undefined;
  if (body) await checkMultipart(body, headers.get('content-type')!);
  return new Request(url, {
    method: post ? 'POST' : 'GET',
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal,
  });
}
