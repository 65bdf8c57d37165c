// The treasures the demo shows in depth: on both sites a bronze, a porcelain and a painting whose first
// picture is drawn large enough to zoom into, two of them with a 3D model of the museum's own making
// that is valid glTF 2.0, and their guide text to listen to.
import { validateBytes } from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { generateDemoContent } from '../../cms/db/demo/index.ts';
import { specForFile } from '../../cms/db/demo/image-pool.ts';
import { OWN_MODELS, modelFile } from '../../cms/db/demo/model.ts';
import { storePath } from '../../shared/exhibits.ts';

const content = generateDemoContent();
const firstPicture = (thumb: string | null) => specForFile((thumb ?? '').split(';')[0] ?? '');
const zoomable = content.exhibits.filter((x) => firstPicture(x.thumb)?.zoom);

describe('the showcase treasures', () => {
  it('gives three treasures of different kinds a zoomable first picture, on both sites', () => {
    for (const site of ['CN', 'EN'] as const) {
      const mine = zoomable.filter((x) => x.languageType === site);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      expect(mine.every((x) => x.isTreasure)).toBe(true);
      expect(new Set(mine.map((x) => x.exhibitType))).toEqual(new Set(['QTQ', 'TCQ', 'SHH']));
    }
    // The same picture for the same object on both sites.
    const paths = (site: string) =>
      zoomable
        .filter((x) => x.languageType === site)
        .map((x) => x.thumb?.split(';')[0])
        .sort();
    expect(paths('EN')).toEqual(paths('CN'));
  });

  it('gives the bronze and the vase a model of the museum’s own in the store, and their guide text', () => {
    const own = new Set<string>(Object.values(OWN_MODELS).map((m) => m.path));
    for (const site of ['CN', 'EN'] as const) {
      const withModel = zoomable.filter((x) => x.languageType === site && own.has(x.modelUrl ?? ''));
      expect(withModel.map((x) => x.exhibitType).sort()).toEqual(['QTQ', 'TCQ']);
      for (const x of withModel) {
        expect(x.modelUrl).toMatch(/^YUNXI_BWG\/CMS\/CMS_EXHIBIT_MODEL\/\d{8}\/[0-9a-f]{32}\.glb$/);
        // A store path the portal loads in its own viewer.
        expect(storePath(x.modelUrl, '/file', [])).toBe(x.modelUrl);
        expect((x.explanationWord ?? '').length).toBeGreaterThan(20);
      }
    }
  });
});

describe('the glTF models', () => {
  // A model path no own model has: the service answers it with the plain cube.
  const UNKNOWN_MODEL = 'YUNXI_BWG/CMS/CMS_EXHIBIT_MODEL/20200101/other.glb';
  it.each([...Object.entries(OWN_MODELS).map(([name, m]) => [name, m.make()] as const), ['cube', modelFile(UNKNOWN_MODEL)] as const])(
    'writes %s as glTF 2.0 that the Khronos validator passes without errors',
    async (_name, bytes) => {
      const report = await validateBytes(new Uint8Array(bytes));
      expect(report.issues.messages.filter((m) => m.severity === 0)).toEqual([]);
      expect(report.issues.numErrors).toBe(0);
      expect(report.info.version).toBe('2.0');
      expect(report.info.totalVertexCount).toBeGreaterThan(0);
    },
  );

  it('turns the museum’s own models (many vertices, a material colour), small enough to load on a phone', async () => {
    for (const m of Object.values(OWN_MODELS)) {
      const bytes = modelFile(m.path);
      expect(bytes.length).toBeLessThan(200_000);
      const report = await validateBytes(new Uint8Array(bytes));
      expect(report.info.totalVertexCount).toBeGreaterThan(300);
      expect(report.info.materialCount).toBe(1);
    }
  });
});
