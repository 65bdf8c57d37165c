// The edge's HTML error pages, never with a stack. The page router's, when React cannot render at all
// (the home page itself failed, or the renderer broke): the friendly service-error text in the
// visitor's language, with the site's stylesheet. And the bare one of the error handler
// (server/ops/errors.ts), which knows neither the language nor the build: both languages, no assets.
import type { Response as ExpressResponse } from 'express';
import { MAIN_ID } from '../../shared/dom-ids.ts';
import { t, type Lang } from '../../shared/i18n.ts';
import { HTML_LANG } from '../../shared/site.ts';
import type { Assets } from './assets.ts';
import { escapeHtml as e } from './html.ts';

export function errorPageHtml(lang: Lang, assets: Assets): string {
  const title = t(lang, 'site.pageTitle', { page: t(lang, 'error.title'), site: t(lang, 'site.title') });
  return `<!DOCTYPE html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title>
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${assets.css ? `<link rel="stylesheet" href="${e(assets.css)}">` : ''}
</head>
<body>
<div class="page page--bare">
<main id="${MAIN_ID}" class="page__main page__main--bare">
<img class="logo" src="/logo${lang === 'en' ? '-en' : ''}.svg" alt="${e(t(lang, 'site.title'))}" width="${lang === 'en' ? 224 : 198}" height="48">
<section class="status-page" aria-labelledby="status-title">
<h1 id="status-title" class="status-page__title">${e(t(lang, 'error.title'))}</h1>
<p class="status-page__lead">${e(t(lang, 'error.sentence'))}</p>
<p class="status-page__actions"><a class="button button--primary" href="">${e(t(lang, 'error.retry'))}</a></p>
</section>
</main>
</div>
</body>
</html>
`;
}

/** Sends the error page (no-store); a document already under way is only ended. */
export function sendErrorPage(res: ExpressResponse, status: number, lang: Lang, assets: Assets): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.status(status).setHeader('Cache-Control', 'no-store');
  res.type('html').send(errorPageHtml(lang, assets));
}

/** The error handler's page for a document request (an error no route answered): both languages, no assets. */
export const bareErrorPageHtml = (status: number): string =>
  `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${status}</title>` +
  `<p>服务暂时不可用，请稍后再试。</p><p lang="en">The site is temporarily unavailable. Please try again shortly.</p><p><a href="/">首页 Home</a></p></html>`;
