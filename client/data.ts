// The browser side of /__data: each route's loader and action fetch the edge, which runs the same
// server loaders (one round trip per navigation) and answers with the DataAnswer protocol.
import { data, redirect, redirectDocument, type ActionFunction, type LoaderFunction } from 'react-router';
import { dataUrl, type ActionUnsent, type DataAnswer } from '../shared/data-protocol.ts';

/** A failure the router's error boundaries show as the not-found or service-error screen. */
function routeError(status: number, code: string): unknown {
  if (status === 404 || status === 405 || status === 502 || status === 503)
    return data({ code, message: '' }, { status, statusText: code });
  return new Error(`page data failed: ${status} ${code}`);
}

async function answer(res: Response): Promise<unknown> {
  let body: DataAnswer;
  try {
    body = (await res.json()) as DataAnswer;
  } catch {
    throw routeError(res.status === 200 ? 502 : res.status >= 500 ? 503 : res.status, 'BAD_DATA');
  }
  if (body.type === 'data') return body.data;
  if (body.type === 'redirect') {
    const sameSite = body.location.startsWith('/') && !body.location.startsWith('//');
    throw sameSite ? redirect(body.location, body.status) : redirectDocument(body.location, body.status);
  }
  throw routeError(body.status, body.code);
}

export function clientLoader(routeId: string): LoaderFunction {
  return async ({ request }) => {
    const res = await fetch(dataUrl(new URL(request.url), routeId), {
      signal: request.signal,
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    return answer(res);
  };
}

/** Posts a form's text fields to a route's action through /__data (urlencoded, as a plain form would). */
export function postToAction(pageUrl: URL, routeId: string, form: FormData, signal?: AbortSignal): Promise<Response> {
  const body = new URLSearchParams();
  for (const [key, value] of form) if (typeof value === 'string') body.append(key, value);
  return fetch(dataUrl(pageUrl, routeId), {
    method: 'POST',
    signal,
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body,
    credentials: 'same-origin',
  });
}

export function clientAction(routeId: string): ActionFunction {
  return async ({ request }) => {
    let res: Response;
    try {
      res = await postToAction(new URL(request.url), routeId, await request.formData(), request.signal);
    } catch (err) {
      if (request.signal.aborted) throw err;
      // The post is lost, the page is not: the form says so and keeps what the visitor did.
      return { ok: false, unsent: 'network' } satisfies ActionUnsent;
    }
    if (res.status === 429 || res.status === 503) return { ok: false, unsent: 'busy' } satisfies ActionUnsent;
    return answer(res);
  };
}
