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
