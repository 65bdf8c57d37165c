// The JSON limits of request bodies, in isolation: the depth scan, the body reader's refusals (each
// with the `type` the error handler answers), canonicalJson on values no call stack could walk, and
// the `{ code, msg }` answers those refusals become.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler, safeJson } from '../../server/http/error-answers.ts';
import { upstreamAnswerOf } from '../../server/upstream/upstream-error.ts';
import { BODY_LIMIT_BYTES, readJsonBody } from '../../server/http/body.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan, tooDeepMessage } from '../../server/http/body.ts';
import { canonicalJson } from '../../shared/canonical-json.ts';

/** What readJsonBody rejects with, as Express's body parsers type it. */
type BodyError = Error & { type: string; status: number; limit?: number };

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

function bodyStream(text: string, headers: Record<string, string> = { 'content-type': 'application/json' }): IncomingMessage {
  const bytes = Buffer.from(text, 'utf8');
  return Object.assign(Readable.from([bytes]), {
    headers: { 'content-length': String(bytes.length), ...headers },
  }) as unknown as IncomingMessage;
}

async function refusal(text: string): Promise<BodyError> {
  try {
    await readJsonBody(bodyStream(text));
  } catch (err) {
    return err as BodyError;
  }
  throw new Error('the body was taken');
}

describe('nestsDeeperThan', () => {
  it('allows 32 levels and refuses 33, of arrays, objects or both', () => {
    expect(MAX_JSON_DEPTH).toBe(32);
    expect(nestsDeeperThan(nested(32))).toBe(false);
    expect(nestsDeeperThan(nested(33))).toBe(true);
    expect(nestsDeeperThan(`${'{"a":'.repeat(33)}1${'}'.repeat(33)}`)).toBe(true);
    expect(nestsDeeperThan(`${'[{"a":'.repeat(16)}1${'}]'.repeat(16)}`)).toBe(false);
    expect(nestsDeeperThan(`${'[{"a":'.repeat(17)}1${'}]'.repeat(17)}`)).toBe(true);
  });

  it('counts siblings once, and ignores brackets inside strings, escaped quotes too', () => {
    expect(nestsDeeperThan(`[${Array.from({ length: 100 }, () => nested(30)).join(',')}]`)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '['.repeat(1000) }))).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: `\\"${'{'.repeat(100)}"` }))).toBe(false);
    expect(nestsDeeperThan(`["\\"", ${nested(33)}]`)).toBe(true);
  });

  it('judges only nesting: broken JSON under the limit is for JSON.parse', () => {
    expect(nestsDeeperThan('[[[')).toBe(false);
    expect(nestsDeeperThan(']]]]{{')).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(40)}`)).toBe(true);
  });

  it('stops early on 20,000 levels', () => {
    // The scan reads the text a character at a time; a text that counts the reads shows where it stops:
    // at the first level over the limit, whatever follows.
    const text = nested(20_000);
    let reads = 0;
    const counting = {
      length: text.length,
      charCodeAt(i: number) {
        reads += 1;
        return text.charCodeAt(i);
      },
    } as unknown as string;
    expect(nestsDeeperThan(counting, MAX_JSON_DEPTH)).toBe(true);
    expect(reads).toBe(MAX_JSON_DEPTH + 1);
  });
});

describe('readJsonBody', () => {
  it('parses a body within the limits', async () => {
    await expect(readJsonBody(bodyStream('{"entity":{"a":[[1]]}}'))).resolves.toEqual({ entity: { a: [[1]] } });
  });

  it('refuses a deep body before parsing it: 400 naming the limit', async () => {
    for (const text of [nested(6000), nested(20_000), `{"entity":${nested(33)}}`, nested(10_000).slice(0, 10_000)]) {
      const err = await refusal(text);
      expect(err).toMatchObject({ type: 'entity.too.deep', status: 400, limit: 32 });
      expect(err.message).toBe('The request body is nested deeper than 32 levels');
    }
  });

  it('refuses a body over 64 KB (413) and broken JSON (400)', async () => {
    expect(await refusal(JSON.stringify({ x: 'y'.repeat(BODY_LIMIT_BYTES) }))).toMatchObject({ type: 'entity.too.large', status: 413 });
    expect(await refusal('{"entity":')).toMatchObject({ type: 'entity.parse.failed', status: 400 });
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps JSON.stringify rules', () => {
    const value = { b: 1, a: { d: [3, { f: 1, e: undefined }], c: new Date(0) }, z: () => 1, y: [undefined, Symbol('s')] };
    expect(canonicalJson(value)).toBe('{"a":{"c":"1970-01-01T00:00:00.000Z","d":[3,{"f":1}]},"b":1,"y":[null,null]}');
    expect(canonicalJson({ b: 2, a: 1 })).toBe(canonicalJson({ a: 1, b: 2 }));
    expect([canonicalJson(null), canonicalJson(undefined), canonicalJson('x'), canonicalJson([]), canonicalJson({})]).toEqual([
      'null',
      'null',
      '"x"',
      '[]',
      '{}',
    ]);
  });

  it('writes values nested 100,000 levels deep (no call stack to overflow)', () => {
    let array: unknown = 1;
    let object: unknown = 1;
    for (let i = 0; i < 100_000; i += 1) {
      array = [array];
      object = { k: object };
    }
    expect(canonicalJson(array)).toBe(`${'['.repeat(100_000)}1${']'.repeat(100_000)}`);
    expect(canonicalJson(object)).toHaveLength(100_000 * 6 + 1);
  });

  it('throws on a cycle, as JSON.stringify does, but not on a shared value', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = { again: cycle };
    expect(() => canonicalJson(cycle)).toThrow(TypeError);
    const shared = { q: 1 };
    expect(canonicalJson({ a: shared, b: [shared, shared] })).toBe('{"a":{"q":1},"b":[{"q":1},{"q":1}]}');
  });
});

describe('the answers of refused bodies', () => {
  const appFailingWith = (err: unknown) => {
    const app = express();
    app.post('/api/x', (_req, _res, next) => next(err));
    app.use(errorHandler(pino({ level: 'silent' }), upstreamAnswerOf));
    return app;
  };

  it('are { code, msg } naming the limit, 4xx', async () => {
    const deep = await request(appFailingWith(await refusal(nested(40)))).post('/api/x');
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 400, msg: tooDeepMessage() });
    const big = await request(appFailingWith(await refusal(JSON.stringify({ x: 'y'.repeat(BODY_LIMIT_BYTES) })))).post('/api/x');
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 413, msg: 'The request body is larger than 64 KB' });
  });

  it('never carry a live <script from what the caller sent', () => {
    const text = safeJson({ msg: 'No such endpoint: /api/<script>alert(1)</script>&' });
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual({ msg: 'No such endpoint: /api/<script>alert(1)</script>&' });
  });
});
