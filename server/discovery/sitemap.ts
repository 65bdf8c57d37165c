// The sitemap: the home pages, every list page of both channel trees and every detail page their
// lists hold (walked page by page, bounded), each with its lastmod (the newest record date it shows)
// and, where the same page exists in both languages, hreflang alternates both ways. The model is
// built once without an origin; the XML for an origin is made from it. Up to URLS_PER_FILE addresses
// it is one <urlset>; beyond, /sitemap.xml is a <sitemapindex> of parts of that size.
import type { Logger } from 'pino';
import { homePath, type Lang, toChinesePath, toEnglishPath } from '../../shared/route-table.ts';
import { HTML_LANG } from '../../shared/site.ts';
import { SITEMAP_PATH, sitemapPartPath } from '../../shared/discovery-paths.ts';
import type { ContentCaller } from '../content/content-api.ts';
import { loadChannels } from '../loaders/root.ts';
import { isRefusal } from './records.ts';
import { detailPath } from './links.ts';
import { sourceFor, type SourceSettings, walkRecords } from './records.ts';
import { type ListPage, listPagesOf } from './site-pages.ts';
import { instantOf, w3c } from './records.ts';

/** Addresses per sitemap file: small enough to fetch and parse at once, far below the protocol's 50,000. */
const URLS_PER_FILE = 1000;
/** Addresses in all (parts up to this many / URLS_PER_FILE). */
const MAX_URLS = 50_000;
/** Lists walked at the same time (each walk is sequential page by page). */
const WALK_CONCURRENCY = 4;

export interface SitemapEntry {
  path: string;
  lastmodMs: number | null;
  /** The Chinese and English forms of the same page, when both exist. */
  pair: { zh: string; en: string } | null;
}

export interface SitemapModel {
  entries: SitemapEntry[];
}

interface SitemapDeps {
  api: ContentCaller;
  logger: Logger;
  now: () => number;
  /** SITE_ENGLISH: every page is the English one (Chinese paths redirect), so only English is listed. */
  english: boolean;
  settings: SourceSettings;
}

interface Walked {
  page: ListPage;
  lang: Lang;
  details: SitemapEntry[];
  lastmodMs: number | null;
}

/** Runs `work` over `items`, at most `limit` at a time, in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!);
    }
  });
  await Promise.all(runners);
  return out;
}

const newest = (values: Array<number | null>): number | null =>
  values.reduce<number | null>((a, b) => (b !== null && (a === null || b > a) ? b : a), null);

async function walkList(deps: SitemapDeps, page: ListPage, lang: Lang, requestId: string): Promise<Walked> {
  const source = sourceFor(page.def, page.channel.no, lang, deps.settings);
  if (!source) return { page, lang, details: [], lastmodMs: null };
  let records: Awaited<ReturnType<typeof walkRecords>> = [];
  try {
    records = await walkRecords(deps.api, source, { requestId });
  } catch (err) {
    // One list the service refuses costs that list's records, not the sitemap; an outage fails the build.
    if (!isRefusal(err)) throw err;
    deps.logger.warn({ reqId: requestId, list: page.path, err: (err as Error).message }, `sitemap: ${page.path} left without its records`);
  }
  const now = deps.now();
  const details: SitemapEntry[] = [];
  for (const r of records) {
    const path = detailPath(page.path, page.channel.no, r);
    if (path) details.push({ path, lastmodMs: instantOf(r.changed, now, true), pair: null });
  }
  return { page, lang, details, lastmodMs: newest(records.map((r) => instantOf(r.changed, now, true))) };
}

/** Walks both channel trees and their lists; throws when the service is down (the caller keeps the last copy). */
export async function buildSitemapModel(deps: SitemapDeps, requestId: string): Promise<SitemapModel> {
  const langs: Lang[] = deps.english ? ['en'] : ['zh', 'en'];
  const trees = await Promise.all(langs.map((lang) => loadChannels(deps.api, lang, requestId)));
  const sites = langs.map((lang, i) => ({ lang, pages: listPagesOf(trees[i]!, lang), present: trees[i]!.length > 0 }));
  const jobs = sites.flatMap((s) => s.pages.map((page) => ({ page, lang: s.lang })));
  const walked = await mapLimited(jobs, WALK_CONCURRENCY, (job) => walkList(deps, job.page, job.lang, requestId));

  const listed = new Set(jobs.map((j) => j.page.path));
  const pairOf = (path: string, lang: Lang): SitemapEntry['pair'] => {
    const zh = lang === 'zh' ? path : toChinesePath(path);
    const en = lang === 'en' ? path : toEnglishPath(path);
    return listed.has(zh) && listed.has(en) ? { zh, en } : null;
  };
  const present = sites.filter((s) => s.present).map((s) => s.lang);
  const homes: SitemapEntry[] = present.map((lang) => ({
    path: homePath(lang),
    lastmodMs: newest(walked.filter((w) => w.lang === lang).map((w) => w.lastmodMs)),
    pair: present.length === 2 ? { zh: homePath('zh'), en: homePath('en') } : null,
  }));
  const lists = walked.map((w) => ({ path: w.page.path, lastmodMs: w.lastmodMs, pair: pairOf(w.page.path, w.lang) }));

  const seen = new Set<string>();
  const entries = [...homes, ...lists, ...walked.flatMap((w) => w.details)].filter((e) => !seen.has(e.path) && seen.add(e.path));
  return { entries: entries.slice(0, MAX_URLS) };
}

const xmlEscape = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlXml(origin: string, e: SitemapEntry): string {
  const lines = [`<url><loc>${xmlEscape(origin + e.path)}</loc>`];
  if (e.lastmodMs !== null) lines.push(`<lastmod>${w3c(e.lastmodMs)}</lastmod>`);
  if (e.pair) {
    const link = (hreflang: string, path: string) =>
      `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xmlEscape(origin + path)}"/>`;
    // x-default: the Chinese page, as the pages' own heads say (shared/head.ts).
    lines.push(link(HTML_LANG.zh, e.pair.zh), link(HTML_LANG.en, e.pair.en), link('x-default', e.pair.zh));
  }
  return `${lines.join('')}</url>`;
}

/** How many files the model needs: 1 (a urlset at /sitemap.xml) or the parts of an index. */
const partCount = (model: SitemapModel): number => Math.max(1, Math.ceil(model.entries.length / URLS_PER_FILE));

/** A <urlset> of entries. */
function urlsetXml(origin: string, entries: readonly SitemapEntry[]): string {
  const body = entries.map((e) => urlXml(origin, e)).join('\n');
  return `${XML_HEAD}<urlset xmlns="${NS}" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** /sitemap.xml: the urlset when the site fits one file, else the index of its parts. */
export function sitemapXml(origin: string, model: SitemapModel): string {
  const parts = partCount(model);
  if (parts === 1) return urlsetXml(origin, model.entries);
  const items = Array.from({ length: parts }, (_, i) => {
    const slice = model.entries.slice(i * URLS_PER_FILE, (i + 1) * URLS_PER_FILE);
    const lastmod = newest(slice.map((e) => e.lastmodMs));
    return `<sitemap><loc>${xmlEscape(origin + sitemapPartPath(i + 1))}</loc>${lastmod !== null ? `<lastmod>${w3c(lastmod)}</lastmod>` : ''}</sitemap>`;
  });
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** Part `n` of a large sitemap, or null when there is no such part (a small site has none). */
export function sitemapPartXml(origin: string, model: SitemapModel, n: number): string | null {
  const parts = partCount(model);
  if (parts === 1 || n < 1 || n > parts) return null;
  return urlsetXml(origin, model.entries.slice((n - 1) * URLS_PER_FILE, n * URLS_PER_FILE));
}

// ---- robots.txt ----
// /robots.txt, answered by the edge rather than a static file, so it can name the sitemap at the
// site's own absolute address (PUBLIC_URL, else the request's origin). The API (and its aliases for old
// clients) is for programs, not for indexing.

export function robotsTxt(origin: string, apiAliases: readonly string[] = []): string {
  const disallow = ['/api/', ...apiAliases.map((a) => `${a.replace(/\/+$/, '')}/api/`)];
  return [
    'User-agent: *',
    'Allow: /',
    ...[...new Set(disallow)].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}
