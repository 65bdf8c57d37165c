import { describe, expect, it } from 'vitest';
import { excerpt, highlightParts, listExcerpt, plainText, searchAbstract, stripGalleryMarkers } from '../../shared/text.ts';

describe('plainText', () => {
  it('drops tags, scripts and styles and decodes entities', () => {
    expect(plainText('<p>青铜&nbsp;器</p><script>alert(1)</script><style>p{}</style><p>A&amp;B &#x4E2D;&#22269;</p>')).toBe(
      '青铜 器 A&B 中国',
    );
  });
  it('separates block elements with one space', () => {
    expect(plainText('<h2>标题</h2><p>第一段</p>\n\n<p>第二段<br>续</p>')).toBe('标题 第一段 第二段 续');
  });
  it('drops gallery markers', () => {
    expect(plainText('<p>前</p><!-- gallery --><p>后</p>')).toBe('前 后');
  });
});

describe('excerpts', () => {
  const long = '文'.repeat(150);
  it('cuts the list excerpt to 100 characters plus an ellipsis', () => {
    expect(listExcerpt(`<p>${long}</p>`)).toBe(`${'文'.repeat(100)}…`);
    expect(Array.from(listExcerpt(`<p>${long}</p>`))).toHaveLength(101);
  });
  it('adds no ellipsis when nothing was cut', () => {
    expect(excerpt('文'.repeat(100))).toBe('文'.repeat(100));
    expect(excerpt('短文')).toBe('短文');
  });
  it('cuts the search abstract to 200 characters', () => {
    expect(searchAbstract('', `<p>${'字'.repeat(300)}</p>`)).toBe(`${'字'.repeat(200)}…`);
  });
  it('prefers the description and uses the content when only it holds the keyword', () => {
    expect(searchAbstract('简介', '<p>正文</p>')).toBe('简介');
    expect(searchAbstract('简介', '<p>正文有青铜</p>', '青铜')).toBe('正文有青铜');
    expect(searchAbstract('简介有青铜', '<p>正文有青铜</p>', '青铜')).toBe('简介有青铜');
  });
  it('counts code points, not UTF-16 units', () => {
    expect(excerpt('😀'.repeat(3), 2)).toBe('😀😀…');
  });
});

describe('stripGalleryMarkers', () => {
  it('removes every marker shape and paragraphs that only held one', () => {
    const html = '<p>甲</p><p><!--gallery:12--></p><p>乙[gallery id=3]丙</p>{{ gallery }}<p> [gallery] </p>';
    expect(stripGalleryMarkers(html)).toBe('<p>甲</p><p>乙丙</p>');
  });
  it('leaves ordinary text alone', () => {
    expect(stripGalleryMarkers('<p>画廊 gallery 展</p>')).toBe('<p>画廊 gallery 展</p>');
  });
});

describe('highlightParts', () => {
  it('splits around every case-insensitive match', () => {
    expect(highlightParts('Bronze and bronze', 'BRONZE')).toEqual([
      { text: 'Bronze', match: true },
      { text: ' and ', match: false },
      { text: 'bronze', match: true },
    ]);
  });
  it('treats the keyword as text, not a pattern', () => {
    expect(highlightParts('a.b a+b', 'a+b')).toEqual([
      { text: 'a.b ', match: false },
      { text: 'a+b', match: true },
    ]);
  });
  it('keeps the text whole without a keyword', () => {
    expect(highlightParts('青铜器', ' ')).toEqual([{ text: '青铜器', match: false }]);
    expect(highlightParts('', '青')).toEqual([]);
  });
  it('finds Chinese keywords', () => {
    expect(highlightParts('商代青铜器与青铜', '青铜').filter((p) => p.match)).toHaveLength(2);
  });
});
