// IIIF Image API 3.0 requests read and planned (pure): syntax, refusals with their status and code, the
// pixels to cut and the size to make, the canonical form, what info.json states, and the image id's rules.
import { describe, expect, it } from 'vitest';
import { imageIdOf } from '../../shared/iiif.ts';
import { storePathOfImageId, storeRequestPath } from '../../shared/store-path.ts';
import { IIIF_OUTPUT_LIMITS, imageInfo, parseImageRequest, planImage } from '../../server/pictures/iiif-image-request.ts';

const LIMITS = IIIF_OUTPUT_LIMITS;

// One parameter read at a time, the other three at their plainest.
const parseRegion = (region: string) => parseImageRequest(region, 'max', '0', 'default.jpg');
const parseSize = (size: string) => parseImageRequest('full', size, '0', 'default.jpg');
const rotationOf = (rotation: string) => {
  const p = parseImageRequest('full', 'max', rotation, 'default.jpg');
  return p.ok ? { mirror: p.value.mirror, degrees: p.value.degrees } : p.refusal.status;
};

function plan(path: string, width = 1000, height = 600) {
  const [region = '', size = '', rotation = '', qf = ''] = path.split('/');
  const parsed = parseImageRequest(region, size, rotation, qf);
  if (!parsed.ok) return parsed;
  return planImage(parsed.value, width, height, LIMITS);
}
const canonical = (path: string, width?: number, height?: number): string => {
  const p = plan(path, width, height);
  if (!p.ok) throw new Error(p.refusal.msg);
  return p.value.canonical;
};
const refusal = (path: string, width?: number, height?: number) => {
  const p = plan(path, width, height);
  return p.ok ? null : { status: p.refusal.status, error: p.refusal.error };
};

describe('the syntax of the four parameters', () => {
  it.each(['full', 'square', '0,0,10,10', 'pct:0,0,50.5,50', 'pct:10,10,90,90'])('reads the region %s', (r) => {
    expect(parseRegion(r).ok).toBe(true);
  });
  it.each(['', 'FULL', '1,2,3', '1,2,3,4,5', '-1,0,10,10', '0,0,10.5,10', 'pct:0,0,101,10', 'pct:100,0,1,1', '0,0,0,5', 'pct:a,b,c,d'])(
    'refuses the region %j with a 400',
    (r) => {
      const p = parseRegion(r);
      expect(p.ok ? null : [p.refusal.status, p.refusal.error]).toEqual([400, 'IIIF_BAD_REGION']);
    },
  );
  it.each(['max', '^max', '100,', ',100', 'pct:50', '^pct:150', '100,50', '!100,100', '^!100,100', '^200,'])('reads the size %s', (s) => {
    expect(parseSize(s).ok).toBe(true);
  });
  it.each([
    ['', 'IIIF_BAD_SIZE'],
    ['full', 'IIIF_BAD_SIZE'],
    [',', 'IIIF_BAD_SIZE'],
    ['0,', 'IIIF_BAD_SIZE'],
    ['pct:0', 'IIIF_BAD_SIZE'],
    ['!0,10', 'IIIF_BAD_SIZE'],
    ['-5,', 'IIIF_BAD_SIZE'],
    ['1e3,', 'IIIF_BAD_SIZE'],
    ['99999,99999', 'IIIF_SIZE_OVER_LIMIT'],
    ['4097,', 'IIIF_SIZE_OVER_LIMIT'],
    [',4097', 'IIIF_SIZE_OVER_LIMIT'],
    ['^4096,4096', null],
    ['pct:101', 'IIIF_SIZE_OVER_LIMIT'],
  ])('reads the size %j before any picture: %s', (s, error) => {
    const p = parseSize(s);
    expect(p.ok ? null : p.refusal.error).toBe(error);
  });
  it('reads rotations by 90° and mirroring; other angles are a 501, nonsense a 400', () => {
    expect(rotationOf('!270')).toEqual({ mirror: true, degrees: 270 });
    expect(rotationOf('360')).toEqual({ mirror: false, degrees: 0 });
    expect(rotationOf('22.5')).toBe(501);
    for (const r of ['', '-90', '361', 'x', '!!90']) expect(rotationOf(r), r).toBe(400);
  });
  it('reads default, color and gray in jpg, png and webp; refuses other qualities and formats', () => {
    expect(parseImageRequest('full', 'max', '0', 'gray.webp')).toMatchObject({ ok: true, value: { quality: 'gray', format: 'webp' } });
    const status = (qf: string) => {
      const p = parseImageRequest('full', 'max', '0', qf);
      return p.ok ? 200 : p.refusal.status;
    };
    expect([
      status('bitonal.jpg'),
      status('default.tif'),
      status('default.bmp'),
      status('native.jpg'),
      status('default'),
      status('.jpg'),
    ]).toEqual([501, 501, 400, 400, 400, 400]);
  });
});

describe('a request against a picture of 1000 × 600', () => {
  it('cuts the region in pixels, cropped at the edges, and square in the middle', () => {
    const regionOf = (path: string) => {
      const p = plan(path);
      return p.ok ? p.value.region : p.refusal.error;
    };
    expect(regionOf('900,500,512,512/max/0/default.jpg')).toEqual({ x: 900, y: 500, w: 100, h: 100 });
    expect(regionOf('square/max/0/default.jpg')).toEqual({ x: 200, y: 0, w: 600, h: 600 });
    expect(regionOf('1000,0,10,10/max/0/default.jpg')).toBe('IIIF_BAD_REGION');
  });

  it.each([
    ['full/max/0/default.jpg', 'full/max/0/default.jpg'],
    ['0,0,1000,600/1000,600/0/default.jpg', 'full/max/0/default.jpg'],
    ['pct:0,0,100,100/pct:100/360/default.jpg', 'full/max/0/default.jpg'],
    ['full/500,/0/default.jpg', 'full/500,300/0/default.jpg'],
    ['full/,300/0/color.webp', 'full/500,300/0/color.webp'],
    ['full/!500,500/!90/gray.png', 'full/500,300/!90/gray.png'],
    ['square/max/0/default.jpg', '200,0,600,600/max/0/default.jpg'],
    ['pct:50,50,50,50/max/0/default.jpg', '500,300,500,300/max/0/default.jpg'],
    ['768,512,512,512/58,/0/default.jpg', '768,512,232,88/58,22/0/default.jpg'],
    ['0,0,10,10/^20,/0/default.jpg', '0,0,10,10/^20,20/0/default.jpg'],
    ['0,0,10,10/^max/0/default.jpg', '0,0,10,10/^max/0/default.jpg'],
    ['full/^max/0/default.jpg', 'full/^max/0/default.jpg'],
  ])('gives %s the canonical form %s', (request, expected) => {
    expect(canonical(request)).toBe(expected);
  });

  it('makes ^max as large as the limits allow, and max no larger than the limits', () => {
    const up = plan('0,0,10,10/^max/0/default.jpg');
    expect(up.ok && [up.value.width, up.value.height]).toEqual([4096, 4096]);
    const big = plan('full/max/0/default.jpg', 8000, 5000);
    expect(big.ok && [big.value.width, big.value.height]).toEqual([4096, 2560]);
    expect(canonical('full/4096,2560/0/default.jpg', 8000, 5000)).toBe('full/max/0/default.jpg');
  });

  it.each([
    ['2000,0,10,10/max/0/default.jpg', 400, 'IIIF_BAD_REGION'],
    ['full/1001,/0/default.jpg', 400, 'IIIF_BAD_SIZE'],
    ['full/pct:0.01/0/default.jpg', 400, 'IIIF_BAD_SIZE'],
    ['0,0,10,10/^!9999,9999/0/default.jpg', 400, 'IIIF_SIZE_OVER_LIMIT'],
    ['full/^4096,4096/0/default.jpg', null, null],
  ])('refuses %s with %s %s', (request, status, error) => {
    expect(refusal(request)).toEqual(status === null ? null : { status, error });
  });
});

describe('info.json', () => {
  it('lists scale factors down to one tile and the pyramid sizes, smallest first', () => {
    const info = (width: number, height: number) =>
      imageInfo('https://museum.test/iiif/3/x', width, height, LIMITS) as {
        sizes: Array<{ width: number; height: number }>;
        tiles: Array<{ width: number; scaleFactors: number[] }>;
      };
    expect(info(1000, 600).tiles.map((t) => [t.width, t.scaleFactors])).toEqual([
      [256, [1, 2, 4]],
      [512, [1, 2]],
    ]);
    expect(info(8, 8).tiles[0]!.scaleFactors).toEqual([1]);
    expect(info(1000, 600).sizes).toEqual([
      { type: 'Size', width: 125, height: 75 },
      { type: 'Size', width: 250, height: 150 },
      { type: 'Size', width: 500, height: 300 },
      { type: 'Size', width: 1000, height: 600 },
    ]);
    expect(info(8000, 5000).sizes.at(-1)).toEqual({ type: 'Size', width: 4000, height: 2500 });
  });

  it('states level 2, the limits, tiles and WebP', () => {
    expect(imageInfo('https://m.example/iiif/3/a%2Fb.jpg', 1000, 600, LIMITS)).toMatchObject({
      '@context': 'http://iiif.io/api/image/3/context.json',
      id: 'https://m.example/iiif/3/a%2Fb.jpg',
      type: 'ImageService3',
      protocol: 'http://iiif.io/api/image',
      profile: 'level2',
      width: 1000,
      height: 600,
      maxWidth: 4096,
      tiles: [
        { type: 'Tile', width: 256, height: 256, scaleFactors: [1, 2, 4] },
        { type: 'Tile', width: 512, height: 512, scaleFactors: [1, 2] },
      ],
      extraFormats: ['webp'],
    });
  });
});

describe('the image id', () => {
  it('is the store path as one segment, decoded once, and asked for below the file prefix', () => {
    const path = 'YUNXI_BWG/CMS/CMS_EXHIBIT_INFO_IMG/20240101/0123456789abcdef0123456789abcdef.jpg';
    const id = imageIdOf(path)!;
    expect(id).not.toContain('/');
    expect(storePathOfImageId(id)).toEqual({ ok: true, path });
    expect(storeRequestPath('/file', path)).toBe(`/file/${path}`);
    expect(storeRequestPath('/file/', '藏品/图 1.jpg')).toBe('/file/%E8%97%8F%E5%93%81/%E5%9B%BE%201.jpg');
  });

  it.each([
    '',
    '..',
    '%2e%2e',
    'a%2F..%2Fb.jpg',
    'a%2F.%2Fb.jpg',
    'a%252Fb.jpg',
    'http%3A%2F%2Fevil%2Fx.jpg',
    'javascript:alert(1)',
    '%2F%2Fevil%2Fx.jpg',
    '%2Fetc%2Fpasswd',
    'a%5Cb.jpg',
    'a%00.jpg',
    'a%0Ab.jpg',
    'a%2F%2Fb.jpg',
    'a%2F',
    '%E0%A4%A',
    'x'.repeat(1025),
    'ab%2F'.repeat(150),
  ])('refuses %j', (id) => {
    expect(storePathOfImageId(id).ok).toBe(false);
  });
});
