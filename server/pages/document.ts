// The document around the streamed page, and every other HTML the page engine writes. The head is written
// before React starts, so the stylesheet loads while the body streams; the tail carries the islands'
// script on a page that has islands, and nothing on one that has none. No inline executable script
// anywhere: CSP `script-src 'self'` holds and the HTML can be cached as it is. The build's files come from
// its manifest (public/build/manifest.json); without a build the pages still render (HTML only) and a
// warning says why there is no stylesheet. Error pages never carry a stack.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { MAIN_ID } from '../../shared/dom-ids.ts';
import { CARE_CLASS, pageHead, type HeadInput, type PageHead } from '../../shared/head.ts';
import { t, type Lang } from '../../shared/i18n.ts';
import { IIIF_MANIFEST_TYPE } from '../../shared/iiif.ts';
import { HTML_LANG } from '../../shared/site.ts';
import { jsonLdFor, type JsonLdNode } from '../../shared/structured-data.ts';

const ATTR: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;', "'": '&#39;' };

const escapeHtml = (text: string): string => text.replace(/[&"<>']/g, (c) => ATTR[c]!);

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON that is safe inside a `<script type="application/ld+json">` data block: no `<` (so no `</script>`
 * or `<!--`), and the two line separators JavaScript string literals once rejected. One pass over the text.
 */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c]!);
}

export interface Assets {
  css: string | null;
  /** The islands' script (client/islands.client.ts), for pages with islands. */
  islands: string | null;
}

const NO_ASSETS: Assets = { css: null, islands: null };

export function readAssets(publicDir: string, logger: Logger): Assets {
  const file = join(publicDir, 'build', 'manifest.json');
  try {
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Assets>;
    return {
      css: typeof manifest.css === 'string' ? manifest.css : null,
      islands: typeof manifest.islands === 'string' ? manifest.islands : null,
    };
  } catch {
    logger.warn({ file }, 'no client build manifest: pages render without stylesheet and islands (run npm run build)');
    return NO_ASSETS;
  }
}

/** `Link` header values for 103 Early Hints: the stylesheet starts before any data. */
export function earlyHintLinks(assets: Assets): string[] {
  return assets.css ? [`<${assets.css}>; rel=preload; as=style`] : [];
}

/** The head as the server writes it: pageHead() plus the JSON-LD (built here, kept out of the browser bundle). */
interface DocumentHeadData extends PageHead {
  jsonLd?: JsonLdNode[];
}

export function serverHead(input: HeadInput): DocumentHeadData {
  const head = pageHead(input);
  return { ...head, jsonLd: jsonLdFor({ ...input, canonical: head.canonical, description: head.description }) };
}

export function documentHead(head: DocumentHeadData, assets: Assets): string {
  const e = escapeHtml;
  const lines = [
    '<!DOCTYPE html>',
    // The reading mode is in the address, so the server renders it: no flash, and the page caches as is.
    `<html lang="${e(head.lang)}"${head.care ? ` class="${CARE_CLASS}"` : ''}>`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(head.title)}</title>`,
    `<meta name="description" content="${e(head.description)}">`,
    head.robots ? `<meta name="robots" content="${e(head.robots)}">` : '',
    '<meta name="theme-color" content="#9b2c22">',
    '<meta name="format-detection" content="telephone=no">',
    // Baidu's hint that one responsive page serves both (no separate m. site to look for).
    '<meta name="applicable-device" content="pc,mobile">',
    head.canonical ? `<link rel="canonical" href="${e(head.canonical)}">` : '',
    ...head.alternates.map((a) => `<link rel="alternate" hreflang="${e(a.hreflang)}" href="${e(a.href)}">`),
    ...head.feeds.map((f) => `<link rel="alternate" type="application/rss+xml" title="${e(f.title)}" href="${e(f.href)}">`),
    // IIIF viewers and aggregators find a record's manifest by this type (its profile names the version).
    head.iiifManifest ? `<link rel="alternate" type="${e(IIIF_MANIFEST_TYPE)}" href="${e(head.iiifManifest)}">` : '',
    `<meta property="og:type" content="${e(head.og.type)}">`,
    `<meta property="og:title" content="${e(head.og.title)}">`,
    `<meta property="og:description" content="${e(head.og.description)}">`,
    head.og.url ? `<meta property="og:url" content="${e(head.og.url)}">` : '',
    `<meta property="og:image" content="${e(head.og.image)}">`,
    `<meta property="og:image:alt" content="${e(head.og.imageAlt)}">`,
    `<meta property="og:site_name" content="${e(head.og.siteName)}">`,
    `<meta property="og:locale" content="${e(head.og.locale)}">`,
    '<meta name="twitter:card" content="summary_large_image">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="icon" href="/favicon.ico" sizes="32x32">',
    '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
    assets.css ? `<link rel="stylesheet" href="${e(assets.css)}">` : '',
    // JSON-LD is data (a non-JavaScript type is never run), so `script-src 'self'` allows it without a
    // nonce; scriptJson escapes `<`, `>`, `&`, U+2028/2029 so no value can close the element.
    ...(head.jsonLd ?? []).map((node) => `<script type="application/ld+json">${scriptJson(node)}</script>`),
    '</head>',
    '<body>',
  ];
  return lines.filter(Boolean).join('\n');
}

/**
 * The end of the document. A page with islands loads their script (client/islands.client.ts), which
 * hydrates each island on its own; a page without any carries no script at all. An article ends with
 * its view beacon (pages/view-beacon.ts).
 */
export function documentTail(assets: Assets, withIslands: boolean, beacon = ''): string {
  const script = withIslands && assets.islands ? `<script type="module" src="${escapeHtml(assets.islands)}"></script>` : '';
  return ['', script, beacon, '</body>', '</html>', ''].filter((l, i, all) => l !== '' || i === 0 || i === all.length - 1).join('\n');
}

export function errorPageHtml(lang: Lang, assets: Assets): string {
  const title = t(lang, 'site.pageTitle', { page: t(lang, 'error.title'), site: t(lang, 'site.title') });
  return `<!DOCTYPE html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css ? `<link rel="stylesheet" href="${escapeHtml(assets.css)}">` : ''}
</head>
<body>
<div class="page page--bare">
<main id="${MAIN_ID}" class="page__main page__main--bare">
<img class="logo" src="/logo${lang === 'en' ? '-en' : ''}.svg" alt="${escapeHtml(t(lang, 'site.title'))}" width="${lang === 'en' ? 224 : 198}" height="48">
<section class="status-page" aria-labelledby="status-title">
<h1 id="status-title" class="status-page__title">${escapeHtml(t(lang, 'error.title'))}</h1>
<p class="status-page__lead">${escapeHtml(t(lang, 'error.sentence'))}</p>
<p class="status-page__actions"><a class="button button--primary" href="">${escapeHtml(t(lang, 'error.retry'))}</a></p>
</section>
</main>
</div>
</body>
</html>
`;
}
