import { describe, expect, it } from 'vitest';
import { articleHtml } from '../../server/loaders/article-html.ts';

describe('articleHtml (sanitized body)', () => {
  it('strips scripts, event handlers and javascript: addresses', () => {
    const out = articleHtml(
      '<p onclick="steal()">正文<script>alert(1)</script></p><a href="javascript:alert(1)">链接</a><img src="/file/a.jpg" onerror="x()"><iframe src="https://evil.example"></iframe>',
      '/file',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(out).toContain('<p>正文</p>');
    expect(out).toContain('<img src="/file/a.jpg" alt="" />');
    expect(out).toContain('<a>链接</a>');
  });
  it('keeps images, figures, tables and headings as written', () => {
    const html =
      '<h2>展品</h2><figure><img src="/file/b.jpg" alt="鼎" width="800" height="600" /><figcaption>青铜鼎</figcaption></figure><table><tbody><tr><td colspan="2">年代</td></tr></tbody></table>';
    expect(articleHtml(html, '/file')).toBe(html);
  });
  it('gives videos controls with download disabled and no autoplay', () => {
    const out = articleHtml('<video src="/file/v.mp4" autoplay download></video>', '/file');
    expect(out).toContain('controls');
    expect(out).toContain('controlslist="nodownload"');
    expect(out).not.toMatch(/autoplay|download=/);
  });
  it('strips gallery markers', () => {
    expect(articleHtml('<p>前</p><p><!-- gallery --></p><p>后</p>', '/file')).toBe('<p>前</p><p>后</p>');
  });
  it('protects the page from links opening new windows', () => {
    expect(articleHtml('<a href="https://example.cn" target="_blank">外链</a>', '/file')).toBe(
      '<a href="https://example.cn" target="_blank" rel="noopener noreferrer">外链</a>',
    );
  });
});

describe('articleHtml alt text', () => {
  it('marks pictures without alt text as decorative and keeps given alt text', () => {
    expect(articleHtml('<img src="/file/x.jpg">', '/file')).toBe('<img src="/file/x.jpg" alt="" />');
    expect(articleHtml('<img src="/file/x.jpg" alt="青铜鼎">', '/file')).toBe('<img src="/file/x.jpg" alt="青铜鼎" />');
  });
});

describe('articleHtml ids', () => {
  it("gives every id and anchor name the article's own prefix, so none is one the page relies on", () => {
    const out = articleHtml(
      '<div id="__rr-data">x</div><p id="app">a</p><h3 id="main">b</h3><a name="like">c</a><span id="leave-message">d</span><img src="/file/x.jpg" id="footer-follow">',
      '/file',
    );
    expect(out).toBe(
      '<div id="art-__rr-data">x</div><p id="art-app">a</p><h3 id="art-main">b</h3><a name="art-like">c</a><span id="art-leave-message">d</span><img src="/file/x.jpg" alt="" id="art-footer-follow" />',
    );
    for (const pageId of ['__rr-data', 'app', 'main', 'like', 'leave-message']) {
      expect(out, pageId).not.toMatch(new RegExp(`\\b(?:id|name)="${pageId}"`));
    }
  });

  it("keeps the article's own #links reaching their targets, and leaves #top, other pages and files alone", () => {
    const out = articleHtml(
      '<p><a href="#part-2">跳到第二节</a> <a href="#%E7%AB%A0">章</a> <a href="#old">旧锚点</a> <a href="#top">回到顶部</a> <a href="#">空</a></p><h3 id="part-2">第二节</h3><h3 id="章">章</h3><a name="old"></a><a href="/News/x#part-2">别页</a><a href="M/a.pdf">附件</a>',
      '/file',
    );
    expect(out).toContain('<a href="#art-part-2">跳到第二节</a>');
    expect(out).toContain('<h3 id="art-part-2">第二节</h3>');
    expect(out).toContain('<a href="#art-%E7%AB%A0">章</a>');
    expect(out).toContain('<h3 id="art-章">章</h3>');
    expect(out).toContain('<a href="#art-old">旧锚点</a>');
    expect(out).toContain('<a name="art-old"></a>');
    expect(out).toContain('<a href="#top">回到顶部</a>');
    expect(out).toContain('<a href="#">空</a>');
    expect(out).toContain('<a href="/News/x#part-2">别页</a>');
    expect(out).toContain('<a href="/file/M/a.pdf">附件</a>');
  });

  it('drops an empty id or name, and keeps other attributes of the element', () => {
    expect(articleHtml('<p id="" class="lead" title="t">x</p><a name=" " href="https://example.cn">y</a>', '/file')).toBe(
      '<p class="lead" title="t">x</p><a href="https://example.cn">y</a>',
    );
  });
});
