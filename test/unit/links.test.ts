import { describe, expect, it } from 'vitest';
import { isExternalUrl, recordLink, recordPath, visitPath } from '../../shared/links.ts';
import { firstImageSrc, imageSources } from '../../shared/image-sources.ts';

describe('recordLink', () => {
  it('goes to the channel path plus the record id', () => {
    expect(recordLink({ id: '12', channelNo: 'SNews', linkUrl: '' }, '/News/SNews')).toEqual({ href: '/News/SNews/12', external: false });
    const hex = '7ce30e5b2580a4a95f5880983d0ad66f';
    expect(recordLink({ id: hex, channelNo: 'SNews', linkUrl: null }, '/News/SNews')).toEqual({
      href: `/News/SNews/${hex}`,
      external: false,
    });
    expect(recordLink({ id: '3', channelNo: 'OpenTime', linkUrl: '/' }, '/Service/OpenServies/OpenTime/')).toEqual({
      href: '/Service/OpenServies/OpenTime/3',
      external: false,
    });
  });
  it('uses the record’s own external link', () => {
    expect(recordLink({ id: '5', channelNo: 'SNews', linkUrl: 'https://mp.weixin.qq.com/s/x' }, '/News/SNews')).toEqual({
      href: 'https://mp.weixin.qq.com/s/x',
      external: true,
    });
  });
  it('never routes ExcellentCol internally (either site)', () => {
    expect(recordLink({ id: '9', channelNo: 'ExcellentCol', linkUrl: '' }, '/Collection/ExcellentCol').href).toBeNull();
    expect(recordLink({ id: '9', channelNo: 'EN_ExcellentCol', linkUrl: '' }, '/EN_Collection/EN_ExcellentCol').href).toBeNull();
    expect(recordLink({ id: '9', channelNo: 'ExcellentCol', linkUrl: 'http://col.example.cn/9' }, '/Collection/ExcellentCol')).toEqual({
      href: 'http://col.example.cn/9',
      external: true,
    });
  });
  it('has no link when the channel is unknown', () => {
    expect(recordLink({ id: '1', channelNo: 'Gone' }, null)).toEqual({ href: null, external: false });
  });
  it('encodes ids and builds the visit ping', () => {
    expect(recordPath('/News/SNews', 'a b')).toBe('/News/SNews/a%20b');
    expect(visitPath('42')).toBe('/visit/42');
  });
  it('recognises http(s) only as external', () => {
    expect(isExternalUrl('HTTPS://x.cn')).toBe(true);
    expect(isExternalUrl('/News')).toBe(false);
    expect(isExternalUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('imageSources (THUMB / WATER folders)', () => {
  const p = '/file/upload/2024/05/bronze.jpg';
  it('tries the thumbnail, then the original', () => {
    expect(imageSources(p, { watermark: false, filePrefix: '/file', thumb: true })).toEqual(['/file/upload/2024/05/THUMB/bronze.jpg', p]);
    expect(imageSources(p, { watermark: false, filePrefix: '/file' })).toEqual([p]);
  });
  it('shows only the watermarked copy when the flag is on', () => {
    expect(imageSources(p, { watermark: true, filePrefix: '/file', thumb: true })).toEqual([
      '/file/upload/2024/05/WATER/bronze_IMAGE_REMARK.jpg',
    ]);
  });
  it('has nothing for an empty path', () => {
    expect(imageSources('', { watermark: false, filePrefix: '/file' })).toEqual([]);
  });
  it('finds the first image of a body', () => {
    expect(firstImageSrc('<p>x</p><img alt="" src="/file/a.jpg"><img src="/file/b.jpg">')).toBe('/file/a.jpg');
    expect(firstImageSrc("<IMG SRC='/file/c.png'>")).toBe('/file/c.png');
    expect(firstImageSrc('<p>none</p>')).toBe('');
  });
});
