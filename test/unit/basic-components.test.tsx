import { describe, expect, it } from 'vitest';
import Button from '../../client/components/Button.tsx';
import EmptyState from '../../client/components/EmptyState.tsx';
import Highlight from '../../client/components/Highlight.tsx';
import SafeImage from '../../client/components/SafeImage.tsx';
import RecordLink from '../../client/components/RecordLink.tsx';
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
    expect(await render(() => <SafeImage sources={[]} alt="" />)).toContain('src="/img/fallback.svg"');
  });
  it('renders nothing when there are no sources and no fallback', async () => {
    expect(await render(() => <SafeImage sources={['']} alt="" fallback={null} />)).not.toContain('<img');
  });
});

describe('RecordLink', () => {
  it('resolves a relative record link against the page as the routes do, and leaves another scheme as it is', async () => {
    const relative = await render(
      () => (
        <RecordLink href="12?x=1#top" external={false}>
          文章
        </RecordLink>
      ),
      { url: '/News/SNews', path: 'News/SNews' },
    );
    expect(relative).toMatch(/<a href="\/News\/SNews\/12\?x=1#top"[^>]*>文章<\/a>/);
    const fromRoot = await render(() => (
      <RecordLink href="/Survey/Introduction" external={false}>
        概况
      </RecordLink>
    ));
    expect(fromRoot).toMatch(/<a href="\/Survey\/Introduction"[^>]*>概况<\/a>/);
    const away = await render(() => (
      <RecordLink href="https://elsewhere.test/x" external>
        别处
      </RecordLink>
    ));
    expect(away).toMatch(/<a href="https:\/\/elsewhere.test\/x" target="_blank" rel="noopener"[^>]*>别处<\/a>/);
    expect(
      await render(() => (
        <RecordLink href={null} external={false}>
          无链接
        </RecordLink>
      )),
    ).toContain('<span>无链接</span>');
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
