// The render pipeline over a fixture content service: statuses, redirects, the not-found page, the
// document head, the hydration JSON and /__data. (Integration tests repeat the important ones
// against the real reference service.)
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createPageRouter } from '../../server/render/index.ts';
import { fakeApi, pageDeps } from './fixtures/page-router-fixture.ts';
import type { SiteSettings } from '../../server/render/types.ts';

function app(site: Partial<SiteSettings> = {}, api = fakeApi()) {
  const a = express();
  a.use(createPageRouter(pageDeps(api, site)));
  return { app: a, api };
}

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('document requests', () => {
  it('renders a Chinese page with lang, title, description, canonical, hreflang and OG', async () => {
    const res = await request(app().app).get('/News/Notice').expect(200);
    expect(res.type).toBe('text/html');
    expect(res.text).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/);
    expect(res.text).toContain('<title>通知公告 - 云溪博物馆</title>');
    expect(res.text).toContain('<meta name="description" content="通知公告的说明">');
    expect(res.text).toContain('<link rel="canonical" href="https://museum.example/News/Notice">');
    expect(res.text).toContain('<link rel="alternate" hreflang="zh-CN" href="https://museum.example/News/Notice">');
    expect(res.text).toContain('<link rel="alternate" hreflang="en" href="https://museum.example/EN_News/EN_Notice">');
    expect(res.text).toContain('<meta property="og:title" content="通知公告 - 云溪博物馆">');
    expect(res.text).toContain('<script type="application/json" id="__rr-data">');
  });

  it('answers an unknown channel of a known route with 404', async () => {
    await request(app().app).get('/News/Nope').expect(404);
    await request(app().app).get('/Service/OpenServies/Nope').expect(404);
  });

  it('answers an unknown record id with 404 (upstream says not found)', async () => {
    const res = await request(app().app).get('/News/SNews/999999').expect(404);
    expect(text(res.text)).toContain('很抱歉，无法打开您要找的页面！');
  });

  it('redirects section parents to their default child, keeping the query', async () => {
    const res = await request(app().app).get('/News?platform=wx').expect(302);
    expect(res.headers.location).toBe('/News/SNews?platform=wx');
    await request(app().app).get('/Service/OpenServies').expect(302).expect('location', '/Service/OpenServies/OpenTime');
    await request(app().app).get('/EN_News').expect(302).expect('location', '/EN_News/EN_SNews');
  });

  it('switches to English on an English address and with the global flag', async () => {
    await request(app().app).get('/News/Notice?from=enxh').expect(302).expect('location', '/EN_News/EN_Notice?from=enxh');
    const flagged = app({ english: true });
    const home = await request(flagged.app).get('/').expect(200);
    expect(home.text).toContain('<html lang="en">');
    expect(home.text).toContain('<title>Yunxi Museum</title>');
    await request(flagged.app).get('/News/Notice').expect(302).expect('location', '/EN_News/EN_Notice');
  });

  it('renders English pages in English', async () => {
    const res = await request(app().app).get('/EN_No/EN_Page').expect(404);
    expect(res.text).toContain('<html lang="en">');
    expect(text(res.text)).toContain('Sorry, the page you are looking for cannot be opened!');
    expect(text(res.text)).toContain('WeChat');
  });

  it('shows the friendly 503 page, never a stack, when the service is down and nothing is cached', async () => {
    const api = fakeApi();
    api.down = true;
    const res = await request(app({}, api).app).get('/News/Notice').expect(503);
    expect(text(res.text)).toContain('服务暂时不可用');
    expect(res.text).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves hidden channels out of the menu and opens external channels in a new tab', async () => {
    const res = await request(app().app).get('/News/Notice').expect(200);
    const menu = res.text.slice(res.text.indexOf('channel-menu'), res.text.indexOf('</nav>', res.text.indexOf('channel-menu')));
    expect(menu).not.toContain('内部资料');
    expect(menu).toMatch(/<a[^>]*href="https:\/\/vr\.example-museum\.cn\/"[^>]*target="_blank"[^>]*rel="noopener"/);
    expect(menu).toMatch(/<a[^>]*href="\/News\/SNews"/);
    expect(res.text).toMatch(/channel-menu__item--active[^>]*><a[^>]*href="\/News"/);
  });

  it('keeps platform=wx in links and leaves out header and footer', async () => {
    const res = await request(app().app).get('/News/Notice?platform=wx').expect(200);
    expect(res.text).not.toContain('class="site-header');
    expect(res.text).not.toContain('class="site-footer');
    expect(res.text).toContain('href="/News/SNews?platform=wx"');
  });

  it('shows the footer: QR labels, years, filing link, badge', async () => {
    const res = await request(app().app).get('/News/Notice').expect(200);
    const body = text(res.text);
    for (const label of ['微信', '小红书', '抖音']) expect(body).toContain(label);
    expect(body).toContain('© 2018–2025 云溪博物馆');
    expect(res.text).toMatch(/href="https:\/\/beian\.miit\.gov\.cn\/"[^>]*>京ICP备/);
    expect(res.text).toContain('src="/gov-badge.svg"');
  });

  it('has no inline executable script', async () => {
    const res = await request(app().app).get('/News/Notice').expect(200);
    const scripts = [...res.text.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    // Data blocks (hydration JSON, JSON-LD) are never run; everything else must be a file.
    for (const attrs of scripts) expect(attrs).toMatch(/type="application\/(?:ld\+)?json"|src=/);
  });
});

describe('/__data for client navigations', () => {
  it('answers a route loader as JSON', async () => {
    const res = await request(app().app).get('/__data/News/Notice?_route=zh%3ANews%2F%3Asec').expect(200);
    expect(res.body.type).toBe('data');
    expect(res.body.data.kind).toBe('list');
  });

  it('answers the root loader with the frame', async () => {
    const res = await request(app().app).get('/__data/EN_News/EN_SNews?_route=root').expect(200);
    expect(res.body.data.lang).toBe('en');
    expect(res.body.data.channels[0].no).toBe('EN_Home');
  });

  it('passes redirects as data and errors with their status', async () => {
    const redirect = await request(app().app).get('/__data/News?_route=zh%3ANews').expect(200);
    expect(redirect.body).toEqual({ type: 'redirect', location: '/News/SNews', status: 302 });
    const missing = await request(app().app).get('/__data/News/Nope?_route=zh%3ANews%2F%3Asec').expect(404);
    expect(missing.body).toEqual({ type: 'error', status: 404, code: 'NOT_FOUND' });
    await request(app().app).get('/__data/News/Notice?_route=bogus').expect(400);
  });
});
