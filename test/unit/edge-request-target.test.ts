// What a page request is allowed to say about where it is: its Host header (a sane host or the safe
// fallback origin), its path (never a protocol-relative one; no bad escapes, control characters or
// over-long addresses) and, for a POST, the content type and body of its form — server/http/origin.ts
// and server/pages/request.ts.
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requestOriginIsPlain, safeOrigin } from '../../server/http/origin.ts';
import { FormBodyError, pageRequestOf, pageTarget } from '../../server/pages/request.ts';

/** The longest path and query a page address may have (414 past them), and the largest form body (413). */
const MAX_PATH_LENGTH = 2048;
const MAX_QUERY_LENGTH = 8192;
const MAX_FORM_BYTES = 64 * 1024;

/** A Node request as the server hands it over: a body stream with its method, target and headers. */
function incoming(parts: { method?: string; url?: string; headers?: Record<string, string>; body?: string | Buffer }): IncomingMessage {
  const req = Readable.from(parts.body === undefined ? [] : [Buffer.from(parts.body)]) as unknown as IncomingMessage;
  Object.assign(req, { method: parts.method ?? 'GET', url: parts.url ?? '/', headers: parts.headers ?? {} });
  return req;
}

describe('safeOrigin', () => {
  it('uses a plain Host header (name or address, optional port)', () => {
    for (const host of [
      'localhost',
      'localhost:3000',
      'www.example-museum.cn',
      'museum.example:8080',
      '127.0.0.1:80',
      '[::1]:3000',
      'my_service:8080',
      'a.b.',
    ]) {
      expect(requestOriginIsPlain('http', host), host).toBe(true);
    }
    expect(safeOrigin('', 'http', 'Museum.Example:8080')).toBe('http://museum.example:8080');
    expect(safeOrigin('', 'https', 'museum.example')).toBe('https://museum.example');
  });

  it('falls back to http://localhost for a hostile Host, and to PUBLIC_URL first of all', () => {
    for (const host of [
      'a b',
      'x@evil.example',
      'evil.example:99999',
      'evil.example:0',
      '',
      undefined,
      'a/b',
      'x'.repeat(300),
      '<script>',
      'a\\b',
      'evil.example:80:80',
      '-x-.example',
    ]) {
      expect(requestOriginIsPlain('http', host), String(host)).toBe(false);
      expect(safeOrigin('', 'http', host)).toBe('http://localhost');
    }
    expect(safeOrigin('', 'javascript', 'museum.example')).toBe('http://museum.example');
    expect(safeOrigin('https://www.example-museum.cn/', 'http', 'a b')).toBe('https://www.example-museum.cn');
  });

  it('tells whether the request itself names a plain origin (else its page is not stored)', () => {
    expect(requestOriginIsPlain('http', 'museum.example:8080')).toBe(true);
    expect(requestOriginIsPlain('https', 'a b')).toBe(false);
    expect(requestOriginIsPlain('javascript', 'museum.example')).toBe(false);
    expect(requestOriginIsPlain('http', undefined)).toBe(false);
  });
});

describe('pageTarget', () => {
  const at = (target: string) => pageTarget('http://localhost', target);
  const url = (target: string) => {
    const t = at(target);
    if (!t.ok) throw new Error(`${target}: ${t.msg}`);
    return t.url;
  };

  it('keeps an ordinary address as it is', () => {
    expect(url('/News/SNews?page=2&platform=wx').href).toBe('http://localhost/News/SNews?page=2&platform=wx');
    expect(url('/Search?keyword=%E6%96%87%E7%89%A9').searchParams.get('keyword')).toBe('文物');
    // Only the origin of PUBLIC_URL takes part: a path in PUBLIC_URL is not a prefix of the page's.
    const fromPublic = pageTarget('https://www.example-museum.cn/portal', '/News');
    expect(fromPublic.ok && fromPublic.url.href).toBe('https://www.example-museum.cn/News');
  });

  it('never lets a path become a host: `//x`, `/\\x` and dot tricks are one odd segment on our origin', () => {
    for (const target of [
      '//evil.example/',
      '/\\evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      '///evil.example',
      '/\\/evil.example',
    ]) {
      const u = url(target);
      expect(u.host, target).toBe('localhost');
      expect(u.pathname.startsWith('//'), target).toBe(false);
      expect(u.pathname.startsWith('/%2F'), target).toBe(true);
    }
  });

  it('takes only the path and query of an absolute-form target', () => {
    expect(url('http://evil.example/News/SNews?page=2').href).toBe('http://localhost/News/SNews?page=2');
    expect(at('*')).toMatchObject({ ok: false, status: 400 });
    expect(at('javascript:alert(1)')).toMatchObject({ ok: false, status: 400 });
  });

  it('refuses bad escapes and control characters (400) and over-long addresses (414)', () => {
    for (const target of ['/%E0%A4%A', '/News/%', '/News/%zz', '/%00', '/News/SNews/%0d%0aSet-Cookie:x', '/%C0%AF']) {
      expect(at(target), target).toMatchObject({ ok: false, status: 400, code: 'BAD_REQUEST_TARGET' });
    }
    // The path counts its leading `/`; the query is what follows `?`, `q=` included.
    expect(at(`/${'a'.repeat(MAX_PATH_LENGTH)}`)).toMatchObject({ ok: false, status: 414, code: 'URI_TOO_LONG' });
    expect(at(`/${'a'.repeat(MAX_PATH_LENGTH - 1)}`).ok).toBe(true);
    expect(at(`/News?q=${'b'.repeat(MAX_QUERY_LENGTH - 1)}`)).toMatchObject({ ok: false, status: 414 });
    expect(at(`/News?q=${'b'.repeat(MAX_QUERY_LENGTH - 2)}`).ok).toBe(true);
  });
});

describe('the content type of a form post', () => {
  const post = (type: string | undefined, body = 'a=1') => {
    const headers: Record<string, string> = { 'content-length': String(body.length) };
    if (type !== undefined) headers['content-type'] = type;
    return pageRequestOf(incoming({ method: 'POST', url: '/Service/Message', headers, body: body || undefined }), {
      origin: 'https://museum.example',
      requestId: 'req-1',
    });
  };
  const refusal = async (type: string | undefined): Promise<FormBodyError> => {
    try {
      await post(type);
    } catch (err) {
      if (err instanceof FormBodyError) return err;
      throw err;
    }
    throw new Error(`${String(type)} was taken`);
  };

  it('takes the two form encodings, and an empty form of no type', async () => {
    const urlencoded = 'application/x-www-form-urlencoded;charset=UTF-8';
    expect((await post(urlencoded)).headers['content-type']).toBe(urlencoded);
    const multipart = 'multipart/form-data; boundary=----x';
    const parts = '------x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n------x--\r\n';
    expect((await post(multipart, parts)).headers['content-type']).toBe(multipart);
    expect((await post(undefined, '')).headers['content-type']).toBe('application/x-www-form-urlencoded');
  });

  it('refuses anything else with 415, and a multipart type without a boundary with 400', async () => {
    for (const type of ['text/plain', 'application/json', 'application/x-www-form-urlencodedX', '*/*', undefined]) {
      expect(await refusal(type), String(type)).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    expect((await refusal('text/plain')).message).toContain('application/x-www-form-urlencoded or multipart/form-data');
    expect(await refusal('multipart/form-data')).toMatchObject({ status: 400, code: 'BAD_FORM' });
  });
});

describe('pageRequestOf', () => {
  const facts = { origin: 'https://museum.example', requestId: 'req-1' };
  const refused = async (req: IncomingMessage): Promise<FormBodyError> => {
    try {
      await pageRequestOf(req, facts);
    } catch (err) {
      if (err instanceof FormBodyError) return err;
      throw err;
    }
    throw new Error('the body was taken');
  };

  it('hands the engine the target as sent and only the headers a loader may read', async () => {
    const req = incoming({
      url: '/News/SNews?page=2',
      headers: {
        'accept-language': 'en',
        'user-agent': 'ua',
        cookie: 'secret=1',
        authorization: 'Bearer x',
        'x-forwarded-for': '10.0.0.1',
      },
    });
    const page = await pageRequestOf(req, { ...facts, writeLimitedForS: 3 });
    expect(page).toEqual({
      method: 'GET',
      origin: 'https://museum.example',
      target: '/News/SNews?page=2',
      headers: { 'accept-language': 'en', 'user-agent': 'ua' },
      body: undefined,
      requestId: 'req-1',
      writeLimitedForS: 3,
    });
  });

  it("reads a POST's form body, with its content type", async () => {
    const form = 'name=%E5%BC%A0&content=hi';
    const page = await pageRequestOf(
      incoming({
        method: 'POST',
        url: '/Service/Message',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(form.length) },
        body: form,
      }),
      facts,
    );
    expect(page.method).toBe('POST');
    expect(page.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Buffer.from(page.body!).toString()).toBe(form);
  });

  it('refuses a body that is no form: too large (413), untyped (415), an unreadable multipart (400)', async () => {
    const big = 'a='.padEnd(MAX_FORM_BYTES + 1, 'x');
    expect(
      await refused(
        incoming({
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(big.length) },
          body: big,
        }),
      ),
    ).toMatchObject({
      status: 413,
      code: 'BODY_TOO_LARGE',
    });
    expect(await refused(incoming({ method: 'POST', headers: { 'content-length': '3' }, body: 'a=1' }))).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(
      await refused(
        incoming({
          method: 'POST',
          headers: { 'content-type': 'multipart/form-data; boundary=zz', 'content-length': '9' },
          body: 'not parts',
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: 'BAD_FORM',
    });
  });
});
