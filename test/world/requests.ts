// What the suites send to a world and read from its answers: pages as a browser gets them (redirects
// not followed, so a 303 can be asserted), plain form posts, JSON posts, and small readers of the HTML.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { RECORD_ID } from '../../shared/ids.ts';
import { thumbPath, waterPath } from '../../shared/image-paths.ts';
import { call } from '../integration/cms-harness.ts';
import { wireId } from '../integration/cms-fixture.ts';

export interface Page {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

/** A page as a visitor's browser gets it: HTML asked for, redirects not followed. */
export async function page(base: string, path: string, init: RequestInit = {}): Promise<Page> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { accept: 'text/html', ...(init.headers ?? {}) } });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), headers: res.headers };
}

/** A GET with a browser's user agent (and no Accept), redirects not followed. */
export async function getPage(base: string, path: string, headers: Record<string, string> = {}): Promise<Page> {
  const res = await fetch(`${base}${path}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (portal tests)', ...headers } });
  return { status: res.status, html: await res.text(), location: res.headers.get('location'), headers: res.headers };
}

/** A plain form POST (application/x-www-form-urlencoded), as a browser without JavaScript sends it. */
export function postForm(base: string, path: string, fields: Array<[string, string]>): Promise<Page> {
  return page(base, path, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** POSTs JSON (an API call of the portal's own scripts or an old client). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** An answer as it came on the wire: status, headers, and the body's bytes as sent (not decoded). */
export interface WireAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly these headers, on a connection of its own (fetch would add Accept-Encoding and decode). */
export function sendExact(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<WireAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout ${path}`)));
    req.end(body);
  });
}

/** The body of a wire answer, its Content-Encoding (brotli or gzip) undone. */
export function decodedBody(a: WireAnswer): Buffer {
  const coding = a.headers['content-encoding'];
  return coding === 'br' ? brotliDecompressSync(a.body) : coding === 'gzip' ? gunzipSync(a.body) : a.body;
}

/** The headers of an answer but those that differ between two sendings of it, sorted by name, for comparing two. */
export const headersBut = (h: IncomingHttpHeaders, perSending: ReadonlySet<string>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(h)
      .filter(([name]) => !perSending.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/** A list call's body: the first page of the news channel. */
export const LIST_BODY = { entity: { channelNo: 'SNews' }, param: { pageNum: 1, pageSize: 10 } };

/** The hidden form key of a rendered form. */
export function formKeyOf(html: string): string {
  const m = /name="formKey" value="([^"]+)"/.exec(html);
  if (!m) throw new Error('no form key in the page');
  return m[1]!;
}

/** `data-screen` of the page frame: the route-table screen kind the page was rendered as. */
export const screenOf = (html: string): string | null => /data-screen="([^"]+)"/.exec(html)?.[1] ?? null;

/** The visible text of a page (tags dropped, spaces collapsed). */
export const textOf = (html: string): string =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** `text` as a literal inside a RegExp. */
export const re = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Text or an attribute value with the entities React writes decoded. */
export const decodeEntities = (text: string): string =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The attributes of one start tag (`<a …>`, `<img …/>`), by name, their values decoded; a bare attribute is ''. */
export function attrsOf(tag: string): Record<string, string> {
  const inner = tag.replace(/^<[^\s/>]+/, '').replace(/\/?>$/, '');
  return Object.fromEntries([...inner.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)].map((m) => [m[1]!, decodeEntities(m[2] ?? '')]));
}

/** One link of a page: its attributes, its markup and its text (tags dropped, spaces collapsed). */
export interface PageLink {
  attrs: Record<string, string>;
  inner: string;
  text: string;
}

/** Every `<a>` of `html` (a page or a part of one), in order, whatever order its attributes are written in. */
export function linksOf(html: string): PageLink[] {
  return [...html.matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map((m) => ({
    attrs: attrsOf(/^<a\b[^>]*>/.exec(m[0])![0]),
    inner: m[1]!,
    text: decodeEntities(m[1]!.replace(/<[^>]+>/g, ' '))
      .replace(/\s+/g, ' ')
      .trim(),
  }));
}

/** A row of filter links: its labels and addresses in order, and the labels of the links marked as the current filter. */
export interface FilterRow {
  labels: string[];
  hrefs: string[];
  current: string[];
}

/**
 * The row of filter links (`<nav class="filter-links…">`) named `name` (the collections' rows have
 * names), or the page's first row; null when there is none. A link is current when it is marked both
 * ways, for assistive technology (`aria-current="page"`) and for the eye (the `--active` class); a link
 * marked one way only is an error.
 */
export function filterRow(html: string, name?: string): FilterRow | null {
  const rows = [...html.matchAll(/<nav class="filter-links[^"]*"[^>]*>[\s\S]*?<\/nav>/g)].map((m) => m[0]);
  const named = (row: string) => new RegExp(`^<nav [^>]*>\\s*<span class="filter-links__name"[^>]*>${re(name ?? '')}</span>`).test(row);
  const row = name === undefined ? rows[0] : rows.find(named);
  if (row === undefined) return null;
  const links = linksOf(row);
  for (const link of links) {
    const current = link.attrs['aria-current'] === 'page';
    if (current !== (link.attrs.class ?? '').split(' ').includes('filter-links__link--active'))
      throw new Error(`a filter link marked current one way only: ${JSON.stringify(link.attrs)}`);
  }
  return {
    labels: links.map((l) => l.text),
    hrefs: links.map((l) => l.attrs.href ?? ''),
    current: links.filter((l) => l.attrs['aria-current'] === 'page').map((l) => l.text),
  };
}

/** What one gallery thumbnail shows, and the picture of the viewer it opens. */
export interface GalleryPicture {
  thumb: string;
  picture: string;
}

/**
 * Each gallery thumbnail of a page, in order, with what it opens: it links to a viewer in the page
 * (`#…`, the stylesheet's `:target` lightbox) whose picture is `picture`. A thumbnail that links
 * anywhere else, or to no viewer with a picture, is an error.
 */
export function galleryPictures(html: string): GalleryPicture[] {
  const classes = (attrs: Record<string, string>) => (attrs.class ?? '').split(' ');
  return linksOf(html)
    .filter((link) => classes(link.attrs).includes('gallery__link'))
    .map((link) => {
      const thumb = attrsOf(/<img\b[^>]*>/.exec(link.inner)?.[0] ?? '<img>').src ?? '';
      const href = link.attrs.href ?? '';
      const at = href.startsWith('#') ? html.indexOf(` id="${href.slice(1)}"`) : -1;
      if (at === -1) throw new Error(`a gallery thumbnail that opens no viewer in the page: ${href}`);
      const tagEnd = html.indexOf('>', at);
      const viewer = attrsOf(html.slice(html.lastIndexOf('<', at), tagEnd + 1));
      const figure = html.slice(tagEnd + 1, html.indexOf('</figure>', tagEnd));
      const image = [...figure.matchAll(/<img\b[^>]*>/g)].map((m) => attrsOf(m[0])).find((a) => classes(a).includes('lightbox__image'));
      if (!classes(viewer).includes('lightbox') || !image?.src) throw new Error(`the viewer ${href} shows no picture`);
      return { thumb, picture: image.src };
    });
}

/** The wire id of fixture article `n`: what list links, detail routes and like forms carry. */
export const articleId = (n: number): string => wireId('archives', n);

/** A well-formed wire id (32 lowercase hex digits, like the service's) that names no record of any kind. */
export const UNKNOWN_ID = '0123456789abcdef0123456789abcdef';

/** Where a visitor's browser loads a stored file (a path relative to the file prefix): FILE_PREFIX + path. */
export const fileHref = (path: string): string => `/file/${path}`;
/** … its 300 px thumbnail … */
export const thumbHref = (path: string): string => fileHref(thumbPath(path));
/** … and its watermarked copy. */
export const waterHref = (path: string): string => fileHref(waterPath(path));

type RecordKind = 'article' | 'base' | 'temp' | 'treasure' | 'gmww' | 'activity' | 'questionnaire';

/** The first record id of a list call straight from the reference service (to build detail paths): an opaque wire id. */
export async function firstId(cmsUrl: string, kind: RecordKind, channelNo = '', site: 'CN' | 'EN' = 'CN'): Promise<string> {
  const paging = { pageNum: 1, pageSize: 1 };
  const languageType = site;
  type Records = { records: Array<Record<string, unknown>> };
  const calls = {
    article: () => call<Records>(cmsUrl, 'queryArchivesList', { body: { entity: { channelNo }, param: paging } }),
    base: () => call<Records>(cmsUrl, 'queryExhibitionBaseList', { body: { entity: { languageType }, param: paging } }),
    temp: () => call<Records>(cmsUrl, 'queryExhibitionTempList', { body: { entity: { languageType }, param: paging } }),
    treasure: () => call<Records>(cmsUrl, 'queryExhibitList', { body: { entity: { isTreasure: true, languageType }, param: paging } }),
    gmww: () => call<Records>(cmsUrl, 'queryExhibitList', { body: { entity: { generalType: 'GMWW', languageType }, param: paging } }),
    activity: () =>
      call<Records>(cmsUrl, 'queryActivityListByType', { body: { entity: { activityType: '', languageType }, param: paging } }),
    questionnaire: () => call<Records>(cmsUrl, 'getQuestionnairePageList', { body: { entity: { languageType }, param: paging } }),
  } as const;
  const idField = {
    article: 'archivesId',
    base: 'exhibitionBaseId',
    temp: 'exhibitionTempId',
    treasure: 'exhibitId',
    gmww: 'exhibitId',
    activity: 'activityId',
    questionnaire: 'questionnaireId',
  }[kind];
  const answer = await calls[kind]();
  const id = answer.body.data.records[0]?.[idField];
  if (typeof id !== 'string' || !RECORD_ID.test(id))
    throw new Error(`no ${kind} record for ${channelNo || site} (got ${JSON.stringify(id)})`);
  return id;
}

const sitemapParser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

/** Every page path the sitemap names, following a sitemap index into its parts. */
export async function sitemapPaths(base: string): Promise<string[]> {
  const read = async (url: string) =>
    sitemapParser.parse(await (await fetch(url)).text()) as {
      urlset?: { url: Array<{ loc: string }> };
      sitemapindex?: { sitemap: Array<{ loc: string }> };
    };
  const top = await read(`${base}/sitemap.xml`);
  const parts = top.sitemapindex ? await Promise.all(top.sitemapindex.sitemap.map((s) => read(s.loc))) : [top];
  return parts.flatMap((p) => p.urlset?.url ?? []).map((u) => new URL(u.loc).pathname);
}
