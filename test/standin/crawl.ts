// A small, bounded breadth-first crawler for the stand-in crawl test: what a visitor's browser (or a
// search engine) does with the edge's HTML. It follows same-origin <a href> links, remembers every
// picture a page asks for (<img src>, srcset candidates, <source src|srcset>) and checks them after.

export interface CrawledPage {
  /** The address as linked. */
  url: string;
  /** The address after redirects. */
  finalUrl: string;
  status: number;
  contentType: string;
  /** The page that linked here first (empty for seeds). */
  from: string;
  html: string;
  /** Fetch error, if the request did not complete. */
  error?: string;
}

export interface CrawlOptions {
  maxPages: number;
  /** Is this address worth crawling at all? */
  accept(url: URL): boolean;
  /** Addresses of one shape (route + channel) are crawled at most `maxPerShape` times; null = no limit. */
  shapeOf(url: URL): string | null;
  maxPerShape: number;
  concurrency?: number;
  timeoutMs?: number;
}

export interface CrawlResult {
  pages: CrawledPage[];
  /** Picture address → the first page that showed it. */
  images: Map<string, string>;
  /** Linked or embedded files (`<a href>` below the file prefix, `<iframe|embed src>`, `<object data>`) → first page. */
  files: Map<string, string>;
  /** Links left out by the per-shape limit or the page bound. */
  skipped: number;
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The markup a browser acts on: scripts (the hydration JSON too), styles and comments removed. */
const visibleMarkup = (html: string): string =>
  html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '');

/** Every tag of the given names with its attributes (names lower-cased, values decoded). */
export function tagsOf(html: string, names: readonly string[]): Array<{ name: string; attrs: Record<string, string> }> {
  const out: Array<{ name: string; attrs: Record<string, string> }> = [];
  const tag = new RegExp(`<(${names.join('|')})\\b([^>]*)>`, 'gi');
  for (const m of visibleMarkup(html).matchAll(tag)) {
    const attrs: Record<string, string> = {};
    for (const a of m[2]!.matchAll(/([^\s=/"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    }
    out.push({ name: m[1]!.toLowerCase(), attrs });
  }
  return out;
}

function resolve(value: string, base: string): URL | null {
  const v = value.trim();
  if (!v || /^(?:mailto|tel|javascript|data):/i.test(v) || v.startsWith('#')) return null;
  try {
    const url = new URL(v, base);
    url.hash = '';
    return url;
  } catch {
    return null;
  }
}

/** The addresses of a page's links. */
export function linksOf(html: string, pageUrl: string): URL[] {
  return tagsOf(html, ['a'])
    .map((t) => resolve(t.attrs.href ?? '', pageUrl))
    .filter((u): u is URL => u !== null);
}

const srcsetUrls = (srcset: string | undefined): string[] =>
  (srcset ?? '')
    .split(/,\s+|,(?=\S)/)
    .map((c) => c.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);

/** The files a page links or embeds below `filePrefix` (downloads, PDF viewers, full-size pictures). */
export function filesOf(html: string, pageUrl: string, filePrefix = '/file/'): URL[] {
  return tagsOf(html, ['a', 'iframe', 'embed', 'object'])
    .map((t) => resolve((t.name === 'a' ? t.attrs.href : t.name === 'object' ? t.attrs.data : t.attrs.src) ?? '', pageUrl))
    .filter((u): u is URL => u !== null && u.pathname.startsWith(filePrefix));
}

/** The picture addresses of a page: <img src>, srcset candidates, <source src|srcset>. */
export function imagesOf(html: string, pageUrl: string): URL[] {
  return tagsOf(html, ['img', 'source'])
    .flatMap((t) => [t.attrs.src ?? '', ...srcsetUrls(t.attrs.srcset)])
    .map((v) => resolve(v, pageUrl))
    .filter((u): u is URL => u !== null);
}

const keyOf = (url: URL): string => `${url.pathname}${url.search}`;

async function fetchPage(url: string, from: string, timeoutMs: number): Promise<CrawledPage> {
  try {
    const res = await fetch(url, { headers: { accept: 'text/html' }, redirect: 'follow', signal: AbortSignal.timeout(timeoutMs) });
    const contentType = res.headers.get('content-type') ?? '';
    const html = contentType.includes('text/html') ? await res.text() : (await res.arrayBuffer(), '');
    return { url, finalUrl: res.url || url, status: res.status, contentType, from, html };
  } catch (err) {
    return { url, finalUrl: url, status: 0, contentType: '', from, html: '', error: (err as Error).message };
  }
}

export async function crawl(base: string, seeds: readonly string[], options: CrawlOptions): Promise<CrawlResult> {
  const origin = new URL(base).origin;
  const seen = new Set<string>();
  const shapes = new Map<string, number>();
  const queue: Array<{ url: URL; from: string }> = [];
  const pages: CrawledPage[] = [];
  const images = new Map<string, string>();
  const files = new Map<string, string>();
  const fetched = new Set<string>();
  let skipped = 0;

  const enqueue = (url: URL, from: string): void => {
    if (url.origin !== origin || !options.accept(url) || seen.has(keyOf(url))) return;
    seen.add(keyOf(url));
    const shape = options.shapeOf(url);
    if (shape !== null) {
      const n = shapes.get(shape) ?? 0;
      if (n >= options.maxPerShape) {
        skipped += 1;
        return;
      }
      shapes.set(shape, n + 1);
    }
    queue.push({ url, from });
  };
  for (const s of seeds) enqueue(new URL(s, base), '');

  const concurrency = options.concurrency ?? 4;
  while (queue.length > 0 && pages.length < options.maxPages) {
    // A link to an address an earlier redirect already led to is not fetched again.
    const batch = queue.splice(0, Math.min(concurrency, options.maxPages - pages.length)).filter((b) => !fetched.has(keyOf(b.url)));
    const done = await Promise.all(batch.map((b) => fetchPage(b.url.href, b.from, options.timeoutMs ?? 10_000)));
    for (const page of done) {
      pages.push(page);
      fetched.add(keyOf(new URL(page.url)));
      fetched.add(keyOf(new URL(page.finalUrl)));
      seen.add(keyOf(new URL(page.finalUrl)));
      if (!page.html) continue;
      for (const img of imagesOf(page.html, page.finalUrl)) if (!images.has(img.href)) images.set(img.href, page.finalUrl);
      for (const file of filesOf(page.html, page.finalUrl)) if (!files.has(file.href)) files.set(file.href, page.finalUrl);
      for (const link of linksOf(page.html, page.finalUrl)) enqueue(link, page.finalUrl);
    }
  }
  return { pages, images, files, skipped: skipped + queue.length };
}

export interface ResourceCheck {
  url: string;
  page: string;
  status: number;
  contentType: string;
  ok: boolean;
}

/**
 * GETs every resource (same origin only: one from elsewhere counts as broken here); `ok` when it answers
 * 200 with a content type `wanted` accepts.
 */
export async function checkResources(
  resources: Map<string, string>,
  base: string,
  wanted: (contentType: string) => boolean,
  concurrency = 8,
  timeoutMs = 10_000,
): Promise<ResourceCheck[]> {
  const origin = new URL(base).origin;
  const list = [...resources];
  const out: ResourceCheck[] = [];
  for (let i = 0; i < list.length; i += concurrency) {
    const batch = list.slice(i, i + concurrency);
    out.push(
      ...(await Promise.all(
        batch.map(async ([url, page]): Promise<ResourceCheck> => {
          if (new URL(url).origin !== origin) return { url, page, status: 0, contentType: 'not fetched: another origin', ok: false };
          try {
            const res = await fetch(url, {
              headers: { accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
              signal: AbortSignal.timeout(timeoutMs),
            });
            const contentType = res.headers.get('content-type') ?? '';
            await res.arrayBuffer();
            return { url, page, status: res.status, contentType, ok: res.status === 200 && wanted(contentType) };
          } catch (err) {
            return { url, page, status: 0, contentType: (err as Error).message, ok: false };
          }
        }),
      )),
    );
  }
  return out;
}

/** The text a visitor reads on a page (tags, scripts, styles and comments removed, entities decoded). */
export function visibleText(html: string): string {
  const body = /<body\b[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return decodeEntities(visibleMarkup(body).replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}
