// The one reading of a route Response, returned or thrown (server/render/route-answer.ts): the document
// route and /__data answer a redirect or an error code from the same value.
import { data, redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isRouteResponse, routeAnswerOf } from '../../server/render/route-answer.ts';

describe('route answers', () => {
  it('a redirect, with its status and location', async () => {
    expect(await routeAnswerOf(redirect('/EN_Home', 303))).toEqual({ kind: 'redirect', status: 303, location: '/EN_Home' });
  });

  it('an error Response with its stable code, from the body or else the status text', async () => {
    const coded = new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), { status: 404, statusText: 'Not Found' });
    expect(await routeAnswerOf(coded)).toEqual({ kind: 'error', status: 404, code: 'NOT_FOUND' });
    expect(await routeAnswerOf(new Response('oops', { status: 502, statusText: 'BAD' }))).toEqual({ kind: 'error', status: 502, code: 'BAD' });
    expect(await routeAnswerOf(new Response(null, { status: 500 }))).toEqual({ kind: 'error', status: 500, code: 'ERROR' });
  });

  it('an error response of the router, with the code of its data', async () => {
    const thrown = new ErrorResponse(405, 'METHOD_NOT_ALLOWED', { code: 'METHOD_NOT_ALLOWED' });
    expect(isRouteResponse(thrown)).toBe(true);
    expect(await routeAnswerOf(thrown)).toEqual({ kind: 'error', status: 405, code: 'METHOD_NOT_ALLOWED' });
    expect(isRouteResponse(new Error('bug'))).toBe(false);
    expect(isRouteResponse(data({ code: 'X' }, { status: 400 }))).toBe(false);
  });
});
