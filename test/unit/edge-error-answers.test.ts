// What a caller sees of a failed content-service call: the edge's own words and a stable code, never
// the service's failure text (a gateway's page, its router's "Not found: GET /japi/…"), except a
// write's refusal in the service's envelope, which is the answer the visitor needs.
import { isRouteErrorResponse } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toRouteError } from '../../server/loaders/page-errors.ts';
import { UpstreamError, upstreamErrorAnswer } from '../../server/upstream/upstream-error.ts';

const SERVICE_TEXT = 'Not found: GET /japi/sw-cms/api/';

const failed = (endpoint: string, code: UpstreamError['code'], details: { httpStatus?: number; appCode?: number } = {}) =>
  new UpstreamError(code, `Request failed with status code ${details.httpStatus ?? 200}: ${SERVICE_TEXT}`, {
    endpoint,
    serviceMessage: SERVICE_TEXT,
    ...details,
  });

describe('API error answers', () => {
  it("answers a read's HTTP failure in the edge's words", () => {
    expect(upstreamErrorAnswer(failed('queryArchivesById', 'UPSTREAM_HTTP', { httpStatus: 404, appCode: 404 }))).toEqual({
      status: 404,
      code: 404,
      msg: 'Not found: the content service has no answer for this call',
      error: 'NOT_FOUND',
    });
    expect(upstreamErrorAnswer(failed('queryArchivesList', 'UPSTREAM_HTTP', { httpStatus: 400, appCode: 400 }))).toEqual({
      status: 400,
      code: 400,
      msg: 'The content service could not answer this call (HTTP 400)',
    });
    expect(upstreamErrorAnswer(failed('queryArchivesList', 'UPSTREAM_HTTP', { httpStatus: 500 })).msg).toBe(
      'The content service failed (HTTP 500)',
    );
    expect(upstreamErrorAnswer(failed('queryAllChannel', 'UPSTREAM_HTTP', { httpStatus: 401 })).msg).toBe(
      "The content service refused the edge's signature (HTTP 401)",
    );
    expect(upstreamErrorAnswer(failed('queryArchivesList', 'UPSTREAM_APP', { httpStatus: 200, appCode: 500 }))).toEqual({
      status: 200,
      code: 500,
      msg: 'The content service could not answer this call (code 500)',
    });
  });

  it("passes a write's refusal in the service's envelope on in its words, and nothing else of the service's", () => {
    expect(upstreamErrorAnswer(failed('addMessage', 'UPSTREAM_HTTP', { httpStatus: 400, appCode: 400 }))).toEqual({
      status: 400,
      code: 400,
      msg: SERVICE_TEXT,
    });
    expect(upstreamErrorAnswer(failed('addMessage', 'UPSTREAM_APP', { httpStatus: 200, appCode: 4001 }))).toEqual({
      status: 200,
      code: 4001,
      msg: SERVICE_TEXT,
    });
    expect(upstreamErrorAnswer(failed('addQuestionnaireRecord', 'UPSTREAM_HTTP', { httpStatus: 409, appCode: 409 })).msg).toBe(
      SERVICE_TEXT,
    );
    expect(upstreamErrorAnswer(failed('addMessage', 'UPSTREAM_HTTP', { httpStatus: 502 })).msg).toBe(
      'The content service failed (HTTP 502)',
    );
    // A router's 404 for a write is no refusal: "Not found: POST /japi/…" names the gateways.
    expect(upstreamErrorAnswer(failed('addMessage', 'UPSTREAM_HTTP', { httpStatus: 404, appCode: 404 })).msg).toBe(
      'Not found: the content service has no answer for this call',
    );
    const htmlPage = new UpstreamError('UPSTREAM_HTTP', 'Request failed with status code 404', { endpoint: 'addMessage', httpStatus: 404 });
    expect(upstreamErrorAnswer(htmlPage).msg).toBe('Not found: the content service has no answer for this call');
  });
});

describe('page errors', () => {
  it("carry the status and code a page needs and the edge's own message", () => {
    for (const [err, status, code] of [
      [failed('queryArchivesById', 'UPSTREAM_HTTP', { httpStatus: 404, appCode: 404 }), 404, 'NOT_FOUND'],
      [failed('queryAllChannel', 'UPSTREAM_HTTP', { httpStatus: 500 }), 502, 'UPSTREAM_BAD_GATEWAY'],
      [failed('queryAllChannel', 'UPSTREAM_APP', { httpStatus: 200, appCode: 500 }), 502, 'UPSTREAM_BAD_GATEWAY'],
      [new UpstreamError('UPSTREAM_TIMEOUT', 'timeout of 5000 ms exceeded', { endpoint: 'queryAllChannel' }), 503, 'UPSTREAM_UNAVAILABLE'],
    ] as const) {
      const routeError = toRouteError(err);
      const data = (routeError as { data: { code: string; message: string } }).data;
      const init = (routeError as { init: { status: number } }).init;
      expect([init.status, data.code]).toEqual([status, code]);
      expect(data.message).not.toContain(SERVICE_TEXT);
      expect(data.message).not.toMatch(/japi/);
    }
    expect(isRouteErrorResponse(toRouteError(new Error('x')))).toBe(false);
  });
});
