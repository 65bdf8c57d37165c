// The document around the streamed app: the head (written before React starts, so the stylesheet
// and the entry load while the body streams) and the tail (the router state as JSON, then the entry
// module). No inline executable script anywhere: CSP `script-src 'self'` holds and the HTML can be
// cached as it is.
import { CARE_CLASS, pageHead, type HeadInput, type PageHead } from '../../shared/head.ts';
import { jsonLdFor, type JsonLdNode } from '../../shared/structured-data.ts';
import type { Assets } from './assets.ts';
import { escapeHtml, scriptJson } from './html.ts';

import { APP_ELEMENT_ID, HYDRATION_ELEMENT_ID } from '../../shared/dom-ids.ts';

/** The head as the server writes it: pageHead() plus the JSON-LD (built here, kept out of the browser bundle). */
export interface DocumentHeadData extends PageHead {
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
    assets.entry ? `<link rel="modulepreload" href="${e(assets.entry)}">` : '',
    // JSON-LD is data (a non-JavaScript type is never run), so `script-src 'self'` allows it without a
    // nonce; scriptJson escapes `<`, `>`, `&`, U+2028/2029 so no value can close the element.
    ...(head.jsonLd ?? []).map((node) => `<script type="application/ld+json">${scriptJson(node)}</script>`),
    '</head>',
    '<body>',
    `<div id="${APP_ELEMENT_ID}">`,
  ];
  return lines.filter(Boolean).join('\n');
}

/** The end of the document: `stateJson` is the router state already made script-safe (hydration.ts). */
export function documentTail(stateJson: string, assets: Assets): string {
  return [
    '</div>',
    `<script type="application/json" id="${HYDRATION_ELEMENT_ID}">${stateJson}</script>`,
    assets.entry ? `<script type="module" src="${escapeHtml(assets.entry)}"></script>` : '',
    '</body>',
    '</html>',
    '',
  ]
    .filter((l, i, all) => l !== '' || i === all.length - 1)
    .join('\n');
}
