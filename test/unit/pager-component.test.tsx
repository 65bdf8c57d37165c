import { describe, expect, it } from 'vitest';
import type { ComponentProps } from 'react';
import Pager from '../../client/components/Pager.tsx';

type PagerProps = ComponentProps<typeof Pager>;
import { render, textOf } from './screen-render.tsx';

const pager = (props: PagerProps, url = '/News/Notice', frame = {}) => render(() => <Pager {...props} />, { url, frame });

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('Pager', () => {
  it('hides at one page or fewer', async () => {
    expect(await pager({ page: 1, pages: 1 })).not.toContain('pager');
    expect(await pager({ page: 1, pages: 0 })).not.toContain('pager');
  });

  it('shows its labels, five page links and the total', async () => {
    const html = await pager({ page: 5, pages: 12 });
    const text = textOf(html);
    for (const label of ['首页', '上一页', '下一页', '末页', '总页数', '确定']) expect(text).toContain(label);
    expect(text).toContain('3 4 5 6 7');
    expect(text).toContain('总页数 12');
    expect(html).toContain('title="第3页"');
    expect(html).toMatch(/<span[^>]*aria-current="page"[^>]*>5<\/span>/);
    expect(hrefs(html)).toEqual([
      '/News/Notice?page=1',
      '/News/Notice?page=4',
      '/News/Notice?page=3',
      '/News/Notice?page=4',
      '/News/Notice?page=6',
      '/News/Notice?page=7',
      '/News/Notice?page=6',
      '/News/Notice?page=12',
    ]);
  });

  it('disables previous and first on page 1, next and last on the last page', async () => {
    const first = await pager({ page: 1, pages: 3 });
    expect(first).toMatch(/<span class="pager__item pager__item--disabled" aria-disabled="true">上一页<\/span>/);
    expect(first).toMatch(/<span class="pager__item pager__item--disabled" aria-disabled="true">首页<\/span>/);
    const last = await pager({ page: 3, pages: 3 });
    expect(last).toMatch(/aria-disabled="true">下一页<\/span>/);
    expect(last).toMatch(/aria-disabled="true">末页<\/span>/);
  });

  it('keeps the other address parameters and the anchor in page links', async () => {
    const html = await pager({ page: 1, pages: 3, anchor: 'list' }, '/Search?key=%E9%9D%92%E9%93%9C&page=1');
    expect(hrefs(html)).toContain('/Search?key=%E9%9D%92%E9%93%9C&page=2#list');
  });

  it('has a jump form that works as a plain GET form', async () => {
    const html = await pager({ page: 1, pages: 3 }, '/Search?key=abc&page=1');
    const form = /<form[^>]*class="pager__jump"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/Search"');
    expect(html).toContain('<input type="hidden" name="key" value="abc"/>');
    expect(html).not.toContain('type="hidden" name="page"');
    const input = /<input class="pager__input"[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('name="page"');
    expect(input).toContain('required');
    expect(input).toMatch(/inputMode="numeric"/i);
  });

  it('speaks English in English mode', async () => {
    const text = textOf(await pager({ page: 2, pages: 3 }, '/EN_News/EN_Notice', { lang: 'en' }));
    for (const label of ['First page', 'Previous', 'Next', 'Last page', 'Total pages', 'Go']) expect(text).toContain(label);
    expect(text).not.toMatch(/[首末页]/);
  });
});
