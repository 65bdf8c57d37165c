// server/loaders/activity.ts helpers: the type filter links of the activity list and an activity's
// description as safe HTML.
import { describe, expect, it } from 'vitest';
import { descriptionHtml, filterHref } from '../../server/loaders/activity.ts';

describe('activity loader helpers', () => {
  it('builds filter links that keep other parameters and reset the page', () => {
    const url = new URL('http://x/Education/Activity?page=3&platform=wx&type=1');
    expect(filterHref(url, '2')).toBe('/Education/Activity?platform=wx&type=2');
    expect(filterHref(url, '')).toBe('/Education/Activity?platform=wx');
    expect(filterHref(new URL('http://x/EN_Education/EN_Activity'), '')).toBe('/EN_Education/EN_Activity');
  });

  it('sanitizes an HTML description and turns plain text into escaped paragraphs', () => {
    expect(descriptionHtml('<p onclick="x()">讲座<script>alert(1)</script></p>', '/file')).toBe('<p>讲座</p>');
    expect(descriptionHtml('第一段\n\n第二段 <b & c', '/file')).toBe('<p>第一段</p><p>第二段 &lt;b &amp; c</p>');
    expect(descriptionHtml('  ', '/file')).toBe('');
    expect(descriptionHtml(null, '/file')).toBe('');
  });
});
