// The documents as visitors and crawlers get them, through the edge's real handler against the real
// reference service (demo content): the not-found page, titles, lang, hreflang, canonical, Open Graph,
// the frame (menu, footer), English and messenger modes, CSP, early hints, and no secret in any HTML
// or any file under public/.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, TOKEN_KEY } from './cms-harness.ts';
import { program } from '../world/programs.ts';
import { getPage, textOf } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
});
afterAll(async () => {
  await world?.close();
});

describe('the not-found page', () => {
  it('says the not-found sentence with its four causes and a link home, with status 404', async () => {
    const page = await getPage(world.url, '/Nowhere/At/All');
    expect(page.status).toBe(404);
    const text = textOf(page.html);
    expect(text).toContain('很抱歉，无法打开您要找的页面！');
    expect(text).toContain('网络信号中断或不稳定');
    expect(text).toContain('该页面不存在或已被删除');
    expect(text).toContain('网址输入有误或页面已移动');
    expect(page.html).toMatch(/<a[^>]*href="\/"[^>]*>网站首页<\/a>/);
    expect(page.html).toContain('<title>页面未找到 - 云溪博物馆</title>');
    // Inside the site frame, and no canonical address for an address that is no page.
    expect(page.html).toContain('site-header');
    expect(page.html).not.toContain('rel="canonical"');
  });

  it('is English on the English site', async () => {
    const page = await getPage(world.url, '/EN_Nowhere');
    expect(page.status).toBe(404);
    expect(page.html).toContain('<html lang="en">');
    expect(textOf(page.html)).toContain('Sorry, the page you are looking for cannot be opened!');
    expect(page.html).toMatch(/<a[^>]*href="\/EN_Home"[^>]*>home page<\/a>/);
  });
});

describe('documents', () => {
  it('have lang, a page title, description, canonical, hreflang pair and Open Graph', async () => {
    const page = await getPage(world.url, '/News/SNews?page=2');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/^<!DOCTYPE html>\n<html lang="zh-CN">/);
    expect(page.html).toContain('<title>本馆新闻 - 云溪博物馆</title>');
    expect(page.html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(page.html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/News\/SNews\?page=2">/);
    expect(page.html).toMatch(/<link rel="alternate" hreflang="zh-CN" href="[^"]+\/News\/SNews">/);
    expect(page.html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/EN_News\/EN_SNews">/);
    expect(page.html).toMatch(/<meta property="og:title" content="本馆新闻 - 云溪博物馆">/);
    expect(page.html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/og-image\.png">/);
  });

  it('title a record with its own title and English pages in English', async () => {
    const list = await getPage(world.url, '/EN_News/EN_SNews');
    expect(list.html).toContain('<html lang="en">');
    expect(list.html).toContain('<title>Museum News - Yunxi Museum</title>');
    // Records are linked by the service's own (32 hex digit) ids.
    const href = /href="(\/EN_News\/EN_SNews\/[0-9a-f]{32})"/.exec(list.html)?.[1];
    expect(href).toBeDefined();
    const detail = await getPage(world.url, href!);
    expect(detail.status).toBe(200);
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(detail.html)?.[1];
    expect(h1).toBeTruthy();
    expect(detail.html).toContain(`<title>${h1} - Yunxi Museum</title>`);
  });

  it('give the home page the museum name as title', async () => {
    const home = await getPage(world.url, '/');
    expect(home.status).toBe(200);
    expect(home.html).toContain('<title>云溪博物馆</title>');
    expect(home.html).toMatch(/hreflang="en" href="[^"]+\/EN_Home"/);
    const en = await getPage(world.url, '/EN_Home');
    expect(en.html).toContain('<title>Yunxi Museum</title>');
  });

  it('carry a strict CSP and no inline executable script', async () => {
    const page = await getPage(world.url, '/News/SNews');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Data blocks (JSON-LD) are never run; everything else must be a file.
    for (const m of page.html.matchAll(/<script\b([^>]*)>/g)) expect(m[1]).toMatch(/type="application\/ld\+json"|src="/);
    expect(page.html).not.toMatch(/\son[a-z]+="/);
  });

  it('send 103 Early Hints with the stylesheet alone before the page a browser navigates to', async () => {
    await getPage(world.url, '/'); // the engine has read the build's manifest
    // Pages not rendered before (a cached page is the page cache's business): one without script, and
    // the home page, whose slider's script the browser loads in its own time (no entry to preload).
    for (const path of ['/News/Media?hints=1', '/?hints=1']) {
      const hints = await interimLinks(path, BROWSER_NAVIGATION);
      const stylesheet = /<link rel="stylesheet" href="(\/build\/[\w-]+\.css)">/.exec((await getPage(world.url, path)).html)?.[1];
      expect(stylesheet, path).toBeDefined();
      expect(hints, path).toEqual([`<${stylesheet}>; rel=preload; as=style`]);
    }
  });

  it('name their stylesheet in a preload Link of the answer itself, the cached copy too', async () => {
    // Browsers take 103 only over HTTP/2 and later; the answer's own Link starts the stylesheet when its
    // headers arrive, before the parser reaches the <link>, on HTTP/1.1 as well.
    const first = await getPage(world.url, '/News/SNews?link=1');
    const again = await getPage(world.url, '/News/SNews?link=1');
    expect(again.headers.get('x-cache')).toBe('HIT');
    const stylesheet = /<link rel="stylesheet" href="(\/build\/[\w-]+\.css)">/.exec(first.html)?.[1];
    expect(stylesheet).toBeDefined();
    for (const page of [first, again]) expect(page.headers.get('link')).toBe(`<${stylesheet}>; rel=preload; as=style`);
  });

  it('send no 103 to a client that is not a browser loading a document', async () => {
    expect(await interimLinks('/News/Media?hints=2', {})).toEqual([]);
    // A browser's script fetching the page is no navigation either.
    expect(await interimLinks('/News/Media?hints=3', { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors' })).toEqual([]);
  });

  it("reach Python's own HTTP clients whole on a page that misses the cache (urllib and http.client)", async () => {
    const pages = ['/News/Media?python=1', '/News/Media?python=2'];
    const out = await python(PYTHON_FETCH, world.url, ...pages);
    const answers = JSON.parse(out) as { path: string; client: string; status: number; html: boolean; error?: string }[];
    expect(answers).toHaveLength(4);
    for (const a of answers) expect(a, `${a.client} ${a.path}`).toMatchObject({ status: 200, html: true });
  });
});

const BROWSER_NAVIGATION = { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' };

/** The `Link` values of every 103 the edge sends before the page at `path`. */
async function interimLinks(path: string, headers: Record<string, string>): Promise<string[]> {
  const hints: string[] = [];
  const { hostname, port } = new URL(world.url);
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, headers }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('information', (info) => {
      if (info.statusCode === 103) hints.push(String(info.headers.link ?? ''));
    });
    req.on('error', reject);
    req.end();
  });
  return hints;
}

/** Fetches each page once with urllib and once with http.client, as a harvester would; prints JSON. */
const PYTHON_FETCH = `
import http.client, json, sys, urllib.parse, urllib.request
base = sys.argv[1]
out = []
for i, path in enumerate(sys.argv[2:]):
    for client in ("urllib", "http.client"):
        target = path + "&client=" + str(i) + client
        try:
            if client == "urllib":
                with urllib.request.urlopen(base + target, timeout=20) as res:
                    status, body = res.status, res.read()
            else:
                u = urllib.parse.urlsplit(base)
                conn = http.client.HTTPConnection(u.hostname, u.port, timeout=20)
                conn.request("GET", target)
                res = conn.getresponse()
                status, body = res.status, res.read()
                conn.close()
            out.append({"path": target, "client": client, "status": status, "html": b"</html>" in body})
        except Exception as e:
            out.append({"path": target, "client": client, "status": 0, "html": False, "error": repr(e)})
print(json.dumps(out))
`;

function python(script: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(program('python3'), ['-c', script, ...args], { timeout: 60_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`python3 failed: ${err.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe('the frame', () => {
  it('shows the menu from the channel tree: hidden channels out, external links in a new tab', async () => {
    const page = await getPage(world.url, '/News/SNews');
    const nav = page.html.slice(page.html.indexOf('class="channel-menu"'));
    const menu = nav.slice(0, nav.indexOf('</nav>'));
    expect(menu).toContain('href="/News/SNews"');
    expect(menu).toContain('href="/Service/OpenServies/OpenTime"');
    expect(menu).not.toContain('内部资料');
    expect(menu).toMatch(/href="https:\/\/vr\.example-museum\.cn\/" target="_blank" rel="noopener"/);
    // The section links its default child directly, as its parent address would redirect.
    expect(menu).toMatch(/channel-menu__item--active[^"]*"><a[^>]*href="\/News\/SNews"/);
  });

  it('has the footer: QR codes with names, copyright years, filing link, badge', async () => {
    const zh = textOf((await getPage(world.url, '/News/SNews')).html);
    for (const label of ['微信', '小红书', '抖音']) expect(zh).toContain(label);
    expect(zh).toMatch(new RegExp(`© 2018–${new Date().getFullYear()} 云溪博物馆`));
    expect(zh).toMatch(/京ICP备\d+号/);
    const en = textOf((await getPage(world.url, '/EN_News/EN_SNews')).html);
    for (const label of ['WeChat', 'Xiaohongshu', 'Douyin']) expect(en).toContain(label);
    expect(en).toContain('Yunxi Museum');
  });

  it('shows the inner frame: banner with the section name, breadcrumb, second-level tabs', async () => {
    const page = await getPage(world.url, '/Service/OpenServies/Guide');
    expect(page.html).toMatch(/<p class="banner__title">参观服务<\/p>/);
    expect(page.html).toMatch(/<nav class="breadcrumb"[\s\S]*?参观服务[\s\S]*?开放服务[\s\S]*?aria-current="page">参观须知/);
    expect(page.html).toMatch(/channel-tabs--2[\s\S]*?文创商店/);
    expect(page.html).toMatch(/channel-tabs--3[\s\S]*?交通指南/);
  });
});

describe('language and messenger modes', () => {
  it('turns Chinese paths into English ones for English addresses and the global flag', async () => {
    const marked = await getPage(world.url, '/News/SNews?src=phoneen');
    expect(marked.status).toBe(302);
    expect(marked.location).toBe('/EN_News/EN_SNews?src=phoneen');
    const { url: english } = await world.startEdge({ SITE_ENGLISH: 'true' });
    const home = await getPage(english, '/');
    expect(home.html).toContain('<html lang="en">');
    expect(textOf(home.html)).toContain('WeChat');
  });

  it('keeps platform=wx in links and leaves the site chrome out', async () => {
    const page = await getPage(world.url, '/News/SNews?platform=wx');
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('class="site-header');
    expect(page.html).not.toContain('class="site-footer');
    expect(page.html).toMatch(/href="\/News\/Media\?platform=wx"/);
    expect(page.html).toMatch(/href="\/News\/SNews\/[0-9a-f]{32}\?platform=wx"/);
  });
});

describe('secrets', () => {
  const secrets = [TOKEN_KEY, APP_ID];

  it('never appear in any page', async () => {
    for (const path of ['/', '/News/SNews', '/Search?key=青铜', '/Nowhere', '/EN_Home', '/Service/OpenServies/LeaveWord']) {
      const page = await getPage(world.url, path);
      for (const secret of secrets) expect(page.html, path).not.toContain(secret);
    }
  });

  it('never appear in any file under public/', () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const p = join(dir, name);
        return statSync(p).isDirectory() ? walk(p) : [p];
      });
    const files = walk(join(process.cwd(), 'public'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const content = readFileSync(file);
      for (const secret of secrets) expect(content.includes(secret), file).toBe(false);
    }
  });
});
