// What a route's Response comes to, whether a loader or action returned it or threw it (a redirect, or
// a thrown `data({ code }, { status })` that react-router hands over as a Response or an error
// response): the one place that reads it. The document route and the data route each send the answer
// their own way (a redirect or the error page; JSON).
import { isRouteErrorResponse, type ErrorResponse } from 'react-router';
import { sitePath } from '../../shared/site.ts';

export type RouteAnswer = { kind: 'redirect'; status: number; location: string } | { kind: 'error'; status: number; code: string };

/** The stable code a thrown `data({ code }, { status })` carries in its body. */
async function codeOfResponse(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : response.statusText || 'ERROR';
  } catch {
    return response.statusText || 'ERROR';
  }
}

export const isRouteResponse = (value: unknown): value is Response | ErrorResponse => value instanceof Response || isRouteErrorResponse(value);

export async function routeAnswerOf(value: Response | ErrorResponse): Promise<RouteAnswer> {
  if (!(value instanceof Response)) {
    const code = (value.data as { code?: unknown } | null)?.code;
    return { kind: 'error', status: value.status, code: typeof code === 'string' ? code : value.statusText || 'ERROR' };
  }
  const location = value.headers.get('Location');
  // Every redirect of a page or of /__data passes here: it leaves as a path of this site, never a host.
  if (location && value.status >= 300 && value.status < 400) return { kind: 'redirect', status: value.status, location: sitePath(location) };
  return { kind: 'error', status: value.status, code: await codeOfResponse(value) };
}
