import { describe, expect, it } from 'vitest';
import Button from '../../client/components/Button.tsx';
import EmptyState from '../../client/components/EmptyState.tsx';
import Highlight from '../../client/components/Highlight.tsx';
import SafeImage, { FALLBACK_IMAGE } from '../../client/components/SafeImage.tsx';
import SiteLink from '../../client/components/SiteLink.tsx';
import Skeleton from '../../client/components/Skeleton.tsx';
import Spinner from '../../client/components/Spinner.tsx';
import { render, textOf } from './screen-render.tsx';

describe('SafeImage', () => {
  it('starts with the first source, lazy, with its size', async () => {
    const html = await render(() => <SafeImage sources={['/file/THUMB/a.jpg', '/file/a.jpg']} alt="鼎" width={400} height={300} />);
    expect(html).toMatch(/<img[^>]*src="\/file\/THUMB\/a.jpg"/);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('width="400"');
    expect(html).toContain('height="300"');
    expect(html).toContain('alt="鼎"');
  });
  it('shows the fallback when there are no sources', async () => {
    expect(await render(() => <SafeImage sources={[]} alt="" />)).toContain(`src="${FALLBACK_IMAGE}"`);
  });
  it('renders nothing when there are no sources and no fallback', async () => {
    expect(await render(() => <SafeImage sources={['']} alt="" fallback={null} />)).not.toContain('<img');
  });
});

describe('SiteLink', () => {
  it('renders a path from the root as a plain link, its attributes as given', async () => {
    const html = await render(() => (
      <SiteLink to="/News/SNews/12?page=2#list" className="card" title="第二页" rel="next">
        文章
      </SiteLink>
    ));
    expect(html).toContain('<a class="card" title="第二页" rel="next" href="/News/SNews/12?page=2#list">文章</a>');
  });

  it('resolves a relative address as react-router does, and leaves another scheme as it is', async () => {
    const relative = await render(() => <SiteLink to="12">文章</SiteLink>, { url: '/News/SNews', path: 'News/SNews' });
    expect(relative).toMatch(/<a href="\/News\/SNews\/12"[^>]*>文章<\/a>/);
    const mail = await render(() => <SiteLink to="mailto:info@museum.test">写信</SiteLink>);
    expect(mail).toMatch(/<a href="mailto:info@museum.test"[^>]*>写信<\/a>/);
    const protocolRelative = await render(() => <SiteLink to="//elsewhere.test/x">别处</SiteLink>);
    expect(protocolRelative).toMatch(/<a href="\/\/elsewhere.test\/x"[^>]*>别处<\/a>/);
  });
});

describe('Skeleton', () => {
  const rows = (html: string) => html.match(/class="skeleton__item"/g)?.length ?? 0;
  it('shows 4 rows by default and as many as asked', async () => {
    expect(rows(await render(() => <Skeleton />))).toBe(4);
    expect(rows(await render(() => <Skeleton rows={5} />))).toBe(5);
  });
  it('announces loading', async () => {
    const html = await render(() => <Skeleton />);
    expect(html).toContain('aria-busy="true"');
    expect(textOf(html)).toBe('加载中');
  });
});

describe('Spinner', () => {
  it('is 24 px and #1890ff by default', async () => {
    const html = await render(() => <Spinner />);
    expect(html).toContain('width="24"');
    expect(html).toContain('height="24"');
    expect(html).toContain('stroke="#1890ff"');
    expect(html).toContain('role="status"');
  });
  it('takes another size', async () => {
    expect(await render(() => <Spinner size={40} />)).toContain('width="40"');
  });
});

describe('Button', () => {
  it('blocks clicks while loading (disabled, busy, spinner)', async () => {
    const html = await render(() => <Button loading>提交</Button>);
    expect(html).toMatch(/<button[^>]*disabled=""/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('spinner');
  });
  it('is disabled when told and clickable otherwise', async () => {
    expect(await render(() => <Button disabled>提交</Button>)).toMatch(/<button[^>]*disabled=""/);
    expect(await render(() => <Button>提交</Button>)).not.toContain('disabled');
  });
});

describe('EmptyState and Highlight', () => {
  it('says so in words, in the visitor’s language', async () => {
    expect(textOf(await render(() => <EmptyState />))).toBe('暂无内容');
    expect(textOf(await render(() => <EmptyState />, { frame: { lang: 'en' } }))).toBe('No content yet');
  });
  it('marks the keyword as text, never as HTML', async () => {
    const html = await render(() => <Highlight text="青铜<b>器</b>与青铜" keyword="青铜" />);
    expect(html).toBe('<mark class="highlight">青铜</mark>&lt;b&gt;器&lt;/b&gt;与<mark class="highlight">青铜</mark>');
  });
  it('escapes a keyword that looks like markup', async () => {
    const html = await render(() => <Highlight text="a <script> b" keyword="<script>" />);
    expect(html).toBe('a <mark class="highlight">&lt;script&gt;</mark> b');
  });
});
