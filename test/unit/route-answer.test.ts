// The one reading of a route Response, returned or thrown (routeAnswerOf in server/pages/engine.ts): the
// document route and /__data answer a redirect or an error code from the same value, and a redirect
// leaves as a path of this site.
import { redirect, UNSAFE_ErrorResponseImpl as ErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeAnswerOf } from '../../server/pages/engine.ts';

describe('route answers', () => {
  it('a redirect, with its status and location', async () => {
    expect(await routeAnswerOf(redirect('/EN_Home', 303))).toEqual({ kind: 'redirect', status: 303, location: '/EN_Home' });
  });

  it('a redirect to another host or a protocol-relative path stays on this site', async () => {
    for (const to of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x']) {
      const answer = await routeAnswerOf(redirect(to, 302));
      expect(answer.kind, to).toBe('redirect');
      if (answer.kind !== 'redirect') continue;
      expect(answer.location, to).toMatch(/^\/(?![/\\])/);
      // As a browser resolves it on this site's page.
      expect(new URL(answer.location, 'https://museum.example/News').host, to).toBe('museum.example');
    }
  });

  it('an error Response with its stable code, from the body or else the status text', async () => {
    const coded = new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'x' }), { status: 404, statusText: 'Not Found' });
    expect(await routeAnswerOf(coded)).toEqual({ kind: 'error', status: 404, code: 'NOT_FOUND' });
    expect(await routeAnswerOf(new Response('oops', { status: 502, statusText: 'BAD' }))).toEqual({
      kind: 'error',
      status: 502,
      code: 'BAD',
    });
    expect(await routeAnswerOf(new Response(null, { status: 500 }))).toEqual({ kind: 'error', status: 500, code: 'ERROR' });
  });

  it('an error response of the router, with the code of its data, else its status text', async () => {
    const thrown = new ErrorResponse(405, 'METHOD_NOT_ALLOWED', { code: 'METHOD_NOT_ALLOWED' });
    expect(await routeAnswerOf(thrown)).toEqual({ kind: 'error', status: 405, code: 'METHOD_NOT_ALLOWED' });
    expect(await routeAnswerOf(new ErrorResponse(403, 'Forbidden', 'no code here'))).toEqual({
      kind: 'error',
      status: 403,
      code: 'Forbidden',
    });
  });
});
