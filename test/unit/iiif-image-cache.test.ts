// The image service's memory (iiif-image-service.ts) and its cutting (pyramid.ts): bounded by bytes,
// one build and one encode per answer however many ask at once, failures not kept; and the cut answers
// oriented as the API orders mirroring and turning.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createImageCaches } from '../../server/pictures/iiif-image-service.ts';
import type { ImagePlan } from '../../server/pictures/iiif-image-request.ts';
import { buildPyramid, cutImage, levelFor, type Pyramid } from '../../server/pictures/pyramid.ts';

const STABLE = '/file/a/0123456789abcdef0123456789abcdef.jpg';

const planOf = (canonical: string, over: Partial<ImagePlan> = {}): ImagePlan => ({
  region: { x: 0, y: 0, w: 256, h: 256 },
  width: 256,
  height: 256,
  mirror: false,
  degrees: 0,
  quality: 'default',
  format: 'jpg',
  canonical,
  ...over,
});

function fakeService(tileBytes = 1000) {
  const calls = { builds: 0, cuts: 0, measures: 0 };
  let failNext = false;
  const caches = createImageCaches({
    bytes: { pyramids: 10_000, answers: 20_000 },
    build: async () => {
      calls.builds += 1;
      await new Promise((r) => setTimeout(r, 5));
      if (failNext) {
        failNext = false;
        throw new Error('store down');
      }
      return { width: 1000, height: 600, levels: 3, body: Buffer.alloc(2000) } satisfies Pyramid;
    },
    measure: async () => {
      calls.measures += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { width: 1000, height: 600 };
    },
    cut: async (_p, plan) => {
      calls.cuts += 1;
      await new Promise((r) => setTimeout(r, 5));
      return Buffer.alloc(tileBytes, plan.canonical);
    },
  });
  return { caches, calls, failOnce: () => (failNext = true) };
}

describe('the pyramid and answer caches', () => {
  it('builds one pyramid and cuts one answer for 20 concurrent requests, and answers the 21st from memory', async () => {
    const { caches, calls } = fakeService();
    const plan = planOf('0,0,256,256/256,256/0/default.jpg');
    const answers = await Promise.all(Array.from({ length: 20 }, () => caches.answer(STABLE, plan)));
    expect(calls).toEqual({ builds: 1, cuts: 1, measures: 0 });
    expect(answers.every((a) => a.made.etag === answers[0]!.made.etag)).toBe(true);
    expect((await caches.answer(STABLE, plan)).hit).toBe(true);
    expect(await caches.size(STABLE)).toEqual({ width: 1000, height: 600 });
    expect(calls).toEqual({ builds: 1, cuts: 1, measures: 0 });
  });

  it('measures a picture for manifests once, without a pyramid, and info.json then needs no reading', async () => {
    const { caches, calls } = fakeService();
    const sizes = await Promise.all(Array.from({ length: 10 }, () => caches.measure(STABLE)));
    expect(sizes.every((s) => s.width === 1000 && s.height === 600)).toBe(true);
    expect(calls).toEqual({ builds: 0, cuts: 0, measures: 1 });
    expect(await caches.size(STABLE)).toEqual({ width: 1000, height: 600 });
    expect(caches.knownSize(STABLE)).toEqual({ width: 1000, height: 600 });
    expect(calls).toEqual({ builds: 0, cuts: 0, measures: 1 });
  });

  it('knows the size a pyramid read, so a manifest measures nothing after a zoom', async () => {
    const { caches, calls } = fakeService();
    await caches.answer(STABLE, planOf('0,0,256,256/256,256/0/default.jpg'));
    expect(await caches.measure(STABLE)).toEqual({ width: 1000, height: 600 });
    expect(calls).toEqual({ builds: 1, cuts: 1, measures: 0 });
  });

  it('holds no more bytes than its bounds, however many distinct answers are made', async () => {
    const { caches, calls } = fakeService();
    for (let i = 0; i < 200; i++) await caches.answer(`/file/p${i % 20}/0123456789abcdef0123456789abcdef.jpg`, planOf(`tile ${i}`));
    const { pyramids, answers } = caches.stats();
    expect(answers.bytes).toBeLessThanOrEqual(20_000);
    expect(pyramids.bytes).toBeLessThanOrEqual(10_000);
    expect(answers.entries).toBeLessThan(200);
    expect(calls.cuts).toBe(200);
  });

  it('keeps no failure: the next request builds again', async () => {
    const { caches, calls, failOnce } = fakeService();
    failOnce();
    await expect(caches.size(STABLE)).rejects.toThrow('store down');
    expect(await caches.size(STABLE)).toEqual({ width: 1000, height: 600 });
    expect(calls.builds).toBe(2);
  });
});

describe('cutting from a pyramid', () => {
  /** 200 × 50: the left half red, the right half blue. */
  const picture = async (): Promise<Buffer> => {
    const red = await sharp({ create: { width: 100, height: 50, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    return sharp({ create: { width: 200, height: 50, channels: 3, background: '#0000ff' } })
      .composite([{ input: red, left: 0, top: 0 }])
      .png()
      .toBuffer();
  };
  const colourAt = async (body: Buffer, at: 'first' | 'last') => {
    const { data, info } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
    const i = at === 'first' ? 0 : (info.width * info.height - 1) * info.channels;
    return { size: [info.width, info.height], colour: data[i]! > 128 ? 'red' : 'blue' };
  };

  it.each([
    [false, 0, [200, 50], 'red'],
    [true, 0, [200, 50], 'blue'],
    [false, 90, [50, 200], 'red'],
    [true, 90, [50, 200], 'blue'],
    [false, 180, [200, 50], 'blue'],
    [true, 270, [50, 200], 'red'],
  ] as const)(
    'mirror %s, turn %i: %j, the first pixel %s (mirrored first, then turned clockwise)',
    async (mirror, degrees, size, first) => {
      const pyramid = await buildPyramid(await picture());
      const plan = planOf('', { region: { x: 0, y: 0, w: 200, h: 50 }, width: 200, height: 50, mirror, degrees, format: 'png' });
      expect(await colourAt(await cutImage(pyramid, plan), 'first')).toEqual({ size, colour: first });
    },
  );

  it('cuts from the smallest level that still has the pixels asked for', async () => {
    const pyramid = await buildPyramid(
      await sharp({ create: { width: 2048, height: 1024, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    expect(pyramid.levels).toBeGreaterThanOrEqual(3);
    expect(levelFor(pyramid, { region: { x: 0, y: 0, w: 2048, h: 1024 }, width: 256, height: 128 })).toBe(3);
    expect(levelFor(pyramid, { region: { x: 0, y: 0, w: 1024, h: 1024 }, width: 256, height: 256 })).toBe(2);
    expect(levelFor(pyramid, { region: { x: 0, y: 0, w: 256, h: 256 }, width: 256, height: 256 })).toBe(0);
    expect(levelFor(pyramid, { region: { x: 0, y: 0, w: 300, h: 300 }, width: 256, height: 256 })).toBe(0);
  });

  it.each([
    [
      'a 16-bit PNG with alpha',
      () =>
        sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 9, g: 99, b: 199, alpha: 0.5 } } })
          .png()
          .toColourspace('rgb16')
          .toBuffer(),
    ],
    [
      'a grey JPEG',
      () =>
        sharp({ create: { width: 300, height: 200, channels: 3, background: '#777' } })
          .toColourspace('b-w')
          .jpeg()
          .toBuffer(),
    ],
    [
      'a CMYK JPEG',
      () =>
        sharp({ create: { width: 300, height: 200, channels: 3, background: '#a52' } })
          .toColourspace('cmyk')
          .jpeg()
          .toBuffer(),
    ],
    [
      'a JPEG turned by its EXIF orientation',
      () =>
        sharp({ create: { width: 300, height: 200, channels: 3, background: '#a52' } })
          .jpeg()
          .withMetadata({ orientation: 6 })
          .toBuffer(),
    ],
  ])('builds the pyramid of %s and cuts a WebP tile of it', async (_name, make) => {
    const pyramid = await buildPyramid(await make());
    const [w, h] = _name.includes('EXIF') ? [200, 300] : [300, 200];
    expect([pyramid.width, pyramid.height]).toEqual([w, h]);
    const body = await cutImage(pyramid, planOf('', { region: { x: 0, y: 0, w, h }, width: w / 2, height: h / 2, format: 'webp' }));
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: w / 2, height: h / 2 });
  });
});
