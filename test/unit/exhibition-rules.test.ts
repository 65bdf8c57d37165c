import { describe, expect, it } from 'vitest';
import { chinaDay, chinaMinute } from '../../shared/china-time.ts';
import {
  collectionFilter,
  collectionSection,
  exhibitGallery,
  exhibitSection,
  exhibitThumb,
  exhibitionPhase,
  mapPoint,
  filterChoice,
} from '../../shared/exhibits.ts';

describe('exhibit images', () => {
  it('takes the first non-empty entry of the semicolon list as the thumbnail', () => {
    expect(exhibitThumb({ thumb: '/file/a.jpg;/file/b.jpg' })).toBe('/file/a.jpg');
    expect(exhibitThumb({ thumb: ' ; /file/b.jpg ;' })).toBe('/file/b.jpg');
    expect(exhibitThumb({ thumb: '', appThumb: '/file/app.jpg;/file/x.jpg' })).toBe('/file/app.jpg');
    expect(exhibitThumb({ thumb: null, appThumb: undefined })).toBe('');
  });

  it('splits lists without empties or repeats', () => {
    expect(exhibitGallery('/a.jpg;;/b.jpg; /a.jpg ;', [])).toEqual(['/a.jpg', '/b.jpg']);
    expect(exhibitGallery(undefined, [])).toEqual([]);
  });

  it('builds the gallery from the list then the display files, pictures only, each once', () => {
    const files = [
      { filePath: '/file/b.jpg', fileSuffix: 'jpg' },
      { filePath: '/file/c.png', fileSuffix: '.png' },
      { filePath: '/file/guide.pdf', fileSuffix: 'pdf' },
      { filePath: '/file/d.webp', fileSuffix: '' },
      { filePath: '', fileSuffix: 'jpg' },
    ];
    expect(exhibitGallery('/file/a.jpg;/file/b.jpg', files)).toEqual(['/file/a.jpg', '/file/b.jpg', '/file/c.png', '/file/d.webp']);
    expect(exhibitGallery('', [])).toEqual([]);
  });

  it('recognises picture files without a suffix field by their path, ignoring queries', () => {
    const pictures = (filePath: string) => exhibitGallery('', [{ filePath, fileSuffix: '' }]);
    expect(pictures('/file/x.JPG?v=2')).toEqual(['/file/x.JPG?v=2']);
    expect(pictures('/file/x.pdf')).toEqual([]);
    expect(pictures('jpg')).toEqual([]);
  });
});

describe('floor-plan position', () => {
  it('reads extension1/extension2 as per cent of the plan', () => {
    expect(mapPoint('25', '70.55')).toEqual({ x: 25, y: 70.6 });
    expect(mapPoint('0', '100')).toEqual({ x: 0, y: 100 });
    expect(mapPoint('40%', ' 12 ')).toEqual({ x: 40, y: 12 });
    expect(mapPoint(33, 44)).toEqual({ x: 33, y: 44 });
  });

  it('shows no marker for missing, non-numeric or off-plan values', () => {
    expect(mapPoint('', '10')).toBeNull();
    expect(mapPoint('10', undefined)).toBeNull();
    expect(mapPoint('abc', '10')).toBeNull();
    expect(mapPoint('101', '10')).toBeNull();
    expect(mapPoint('-1', '10')).toBeNull();
    expect(mapPoint('1e2', '10')).toBeNull();
  });
});

describe('exhibition phase', () => {
  const day = '2025-06-15';
  it('is current between start and end, both days included', () => {
    expect(exhibitionPhase('2025-06-15 09:00:00', '2025-06-15 17:00:00', day)).toBe('current');
    expect(exhibitionPhase('2025-01-01 00:00:00', '2025-12-31 00:00:00', day)).toBe('current');
  });
  it('is upcoming before the start and past after the end', () => {
    expect(exhibitionPhase('2025-06-16 00:00:00', '2025-09-01 00:00:00', day)).toBe('upcoming');
    expect(exhibitionPhase('2025-01-01 00:00:00', '2025-06-14 23:59:59', day)).toBe('past');
  });
  it('treats a missing end as open-ended and a missing start as already open', () => {
    expect(exhibitionPhase('2020-01-01 00:00:00', '', day)).toBe('current');
    expect(exhibitionPhase('', '2030-01-01', day)).toBe('current');
  });
  it('uses China time for today', () => {
    // 2025-06-14 16:30 UTC is 00:30 on the 15th in Beijing.
    expect(chinaDay(Date.UTC(2025, 5, 14, 16, 30))).toBe('2025-06-15');
    expect(chinaDay(Date.UTC(2025, 5, 14, 15, 59))).toBe('2025-06-14');
    expect(chinaMinute(Date.UTC(2025, 5, 14, 16, 30, 59))).toBe('2025-06-15 00:30');
  });
});

describe('links and collections', () => {
  it('places exhibits in their collection and maps sections to upstream filters', () => {
    expect(exhibitSection({ isTreasure: true, generalType: 'GMWW' })).toBe('PreciousCol');
    expect(exhibitSection({ isTreasure: false, generalType: 'GMWW' })).toBe('GMWW');
    expect(exhibitSection({ isTreasure: false, generalType: '' })).toBe('PreciousCol');
    expect(collectionFilter('PreciousCol')).toEqual({ isTreasure: true });
    expect(collectionFilter('GMWW')).toEqual({ generalType: 'GMWW' });
    expect(collectionSection('EN_GMWW')).toBe('GMWW');
    expect(collectionSection('PreciousCol')).toBe('PreciousCol');
    expect(collectionSection('ExcellentCol')).toBeNull();
  });

  it('keeps only known type filters', () => {
    expect(filterChoice('bronze', ['bronze', 'jade'])).toBe('bronze');
    expect(filterChoice(' jade ', ['bronze', 'jade'])).toBe('jade');
    expect(filterChoice('nope', ['bronze'])).toBe('');
    expect(filterChoice(null, ['bronze'])).toBe('');
  });
});
