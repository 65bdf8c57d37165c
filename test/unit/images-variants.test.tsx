// The pure parts of picture variants: what a `?w=` query and an Accept header ask for, which URLs get
// a srcset, SafeImage's markup (srcset on the first try only, the plain sources after it) and the
// banner photo's.
import { describe, expect, it } from 'vitest';
import Banner from '../../client/components/Banner.tsx';
import SafeImage from '../../client/components/SafeImage.tsx';
import type { ChannelNode } from '../../shared/channels.ts';
import { articleHtml } from '../../server/loaders/article-html.ts';
import { createSourceBudget } from '../../server/pictures/source.ts';
import { isStableName, negotiateFormat, sourceFormatOf, variantQuery } from '../../server/pictures/variant-request.ts';
import { ImageBusyError } from '../../server/pictures/work-queue.ts';
import { variantSrcSet } from '../../shared/file-url.ts';
import { render } from './screen-render.tsx';

describe('variantQuery', () => {
  it('reads the two offered widths and leaves other queries to the plain proxy', () => {
    expect(variantQuery('w=300')).toEqual({ kind: 'variant', width: 300 });
    expect(variantQuery('w=1000')).toEqual({ kind: 'variant', width: 1000 });
    expect(variantQuery(undefined)).toEqual({ kind: 'none' });
    expect(variantQuery('v=2')).toEqual({ kind: 'none' });
  });
  it('refuses any other width, a repeated w and extra parameters', () => {
    for (const q of ['w=301', 'w=0300', 'w=', 'w=1e3', 'w=300&w=300', 'w=300&h=200']) expect(variantQuery(q).kind, q).toBe('bad');
  });
});

describe('negotiateFormat', () => {
  it('prefers WebP (cheaper to make), then AVIF, else the original, and respects q=0', () => {
    expect(negotiateFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('webp');
    expect(negotiateFormat('image/avif,*/*')).toBe('avif');
    expect(negotiateFormat('image/webp;q=0, image/avif')).toBe('avif');
    expect(negotiateFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(negotiateFormat('*/*')).toBe('original');
    expect(negotiateFormat(undefined)).toBe('original');
  });
});

describe('file names', () => {
  it('resizes raster pictures only and calls upload-id names stable', () => {
    expect(sourceFormatOf('/file/a/x.JPG')).toBe('jpeg');
    expect(sourceFormatOf('/file/a/x.gif')).toBeNull();
    expect(sourceFormatOf('/file/a/x.pdf')).toBeNull();
    expect(isStableName('/file/a/4778791d55404e608b3557204025e28e1574340239058.jpg')).toBe(true);
    expect(isStableName('/file/a/banner.jpg')).toBe(false);
  });
});

describe('variantSrcSet', () => {
  it('offers 300w and 1000w of the original behind a THUMB copy, and nothing for other hosts or files', () => {
    expect(variantSrcSet('/file/M/2024/THUMB/x.jpg', '/file')).toBe('/file/M/2024/x.jpg?w=300 300w, /file/M/2024/x.jpg?w=1000 1000w');
    // A watermarked copy stays watermarked: its variants are its own.
    expect(variantSrcSet('/file/M/WATER/x_IMAGE_REMARK.jpg', '/file')).toBe(
      '/file/M/WATER/x_IMAGE_REMARK.jpg?w=300 300w, /file/M/WATER/x_IMAGE_REMARK.jpg?w=1000 1000w',
    );
    expect(variantSrcSet('https://cdn.example.org/file/x.jpg', '/file')).toBeUndefined();
    expect(variantSrcSet('/img/fallback.svg', '/file')).toBeUndefined();
    expect(variantSrcSet('/file/x.pdf', '/file')).toBeUndefined();
    expect(variantSrcSet('/file/x.jpg?v=1', '/file')).toBeUndefined();
  });
});

describe('SafeImage with variants', () => {
  it('puts srcset and sizes on the first try and keeps the plain first source as src (no-JS fallback)', async () => {
    const html = await render(() => (
      <SafeImage
        sources={['/file/a/THUMB/x.jpg', '/file/a/x.jpg']}
        alt=""
        width={400}
        height={300}
        responsive={{ sizes: '(max-width: 767px) 50vw, 288px' }}
      />
    ));
    expect(html).toMatch(/<img src="\/file\/a\/THUMB\/x.jpg"/);
    expect(html).toContain('srcSet="/file/a/x.jpg?w=300 300w, /file/a/x.jpg?w=1000 1000w"');
    expect(html).toContain('sizes="(max-width: 767px) 50vw, 288px"');
    expect(html).toContain('class="safe-image"');
  });
  it('adds no srcset to a picture of another host', async () => {
    const html = await render(() => <SafeImage sources={['https://example.org/x.jpg']} alt="" responsive={{ sizes: '100vw' }} />);
    expect(html).not.toMatch(/srcset/i);
  });
});

describe('the banner photo', () => {
  const section = (banner: string): ChannelNode => ({
    no: 'News',
    name: '新闻资讯',
    path: '/News',
    href: '/News',
    external: false,
    visible: true,
    isHome: false,
    banner,
    description: '',
    children: [],
  });
  it('offers a phone the 1000 px variant and a wide screen the original', async () => {
    const html = await render(() => <Banner section={section('CMS/CMS_CHANNEL_IMG/b.jpg')} />);
    expect(html).toMatch(/<img class="banner__image" src="\/file\/CMS\/CMS_CHANNEL_IMG\/b.jpg"/);
    expect(html).toContain('srcSet="/file/CMS/CMS_CHANNEL_IMG/b.jpg?w=1000 1000w, /file/CMS/CMS_CHANNEL_IMG/b.jpg 1920w"');
    expect(html).toContain('sizes="(max-width: 767px) 100vw, 1920px"');
  });
  it('takes a photo of another host as it is', async () => {
    const html = await render(() => <Banner section={section('https://example.org/b.jpg')} />);
    expect(html).toContain('src="https://example.org/b.jpg"');
    expect(html).not.toMatch(/srcset|sizes=/i);
  });
});

describe('article pictures', () => {
  it('keep the width and height an editor gave in pixels and drop other units', () => {
    expect(articleHtml('<img src="M/x.jpg" width="600px" height="450">', '/file')).toBe(
      '<img src="/file/M/x.jpg" width="600" height="450" alt="" />',
    );
    expect(articleHtml('<img src="M/x.jpg" width="100%" height="auto" alt="鼎">', '/file')).toBe('<img src="/file/M/x.jpg" alt="鼎" />');
  });
});

describe('the source budget', () => {
  it('counts each source by the most it has been said to take, refuses the one that would pass the limit, and takes back what a source gave', () => {
    const budget = createSourceBudget(100);
    const a = budget.hold();
    const b = budget.hold();
    a.atLeast(40); // a declared length
    a.atLeast(10); // bytes read so far, within it: nothing more
    a.atLeast(60);
    expect(budget.held()).toBe(60);
    expect(() => b.atLeast(41)).toThrow(ImageBusyError);
    expect(budget.held()).toBe(60);
    b.atLeast(40);
    expect(budget.held()).toBe(100);
    a.release();
    a.release(); // given back once
    expect(budget.held()).toBe(40);
    b.release();
    expect(budget.held()).toBe(0);
  });
});
