// The IIIF manifest link of a record page's head (shared/head.ts, server/pages/document.ts), the IIIF
// addresses the server, the head and the viewer share (shared/iiif.ts), and the operator's rights
// settings. The loader that sets the page's manifest is the object page's; here the meta is made by hand.
import { describe, expect, it } from 'vitest';
import { buildChannelTree } from '../../shared/channels.ts';
import { pageHead, type HeadInput, type PageMeta } from '../../shared/head.ts';
import {
  IIIF_LOGO_PATH,
  IIIF_MANIFEST_TYPE,
  collectionPath,
  fullImagePath,
  iiifLogoHref,
  imageServicePath,
  manifestPath,
} from '../../shared/iiif.ts';
import { ROUTE_BY_ID } from '../../shared/route-table.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { documentHead, serverHead } from '../../server/pages/document.ts';
import { ZH_TREE } from './fixtures/page-engine-fixture.ts';

const ORIGIN = 'https://museum.example';
const ASSETS = { css: '/build/app.css', entry: '/build/entry.js' } as never;
const ID = '0123456789abcdef0123456789abcdef';

function input(meta: PageMeta | undefined, extra: Partial<HeadInput> = {}): HeadInput {
  const def = ROUTE_BY_ID.get('zh:Collection/PreciousCol/:id')!;
  const url = new URL(`/Collection/PreciousCol/${ID}`, ORIGIN);
  return { lang: 'zh', url, origin: ORIGIN, def, channels: buildChannelTree(ZH_TREE), meta, state: 'ok', ...extra };
}

describe('the manifest link of a record page', () => {
  it('is an absolute alternate of the manifest media type, with the Presentation 3 profile', () => {
    const head = pageHead(input({ title: '青铜鼎', iiifManifest: manifestPath(ID) }));
    expect(head.iiifManifest).toBe(`${ORIGIN}/iiif/3/manifest/${ID}`);
    const html = documentHead(serverHead(input({ title: '青铜鼎', iiifManifest: manifestPath(ID) })), ASSETS);
    expect(html).toContain(
      `<link rel="alternate" type="application/ld+json;profile=&quot;http://iiif.io/api/presentation/3/context.json&quot;" href="${ORIGIN}/iiif/3/manifest/${ID}">`,
    );
    expect(IIIF_MANIFEST_TYPE).toBe('application/ld+json;profile="http://iiif.io/api/presentation/3/context.json"');
  });

  it('is absent without a manifest, on an error page, and for an address that is no IIIF path of the site', () => {
    expect(pageHead(input({ title: 'x' })).iiifManifest).toBeNull();
    expect(pageHead(input({ title: 'x', iiifManifest: manifestPath(ID) }, { state: 'notFound' })).iiifManifest).toBeNull();
    expect(pageHead(input({ title: 'x', iiifManifest: 'https://elsewhere.example/manifest.json' })).iiifManifest).toBeNull();
    expect(documentHead(serverHead(input({ title: 'x' })), ASSETS)).not.toContain('application/ld+json;profile');
  });
});

describe('the IIIF addresses', () => {
  it('name a picture by its store path as one segment, and nothing that is no store path', () => {
    expect(imageServicePath('CMS/exhibit/a b.jpg')).toBe('/iiif/3/CMS%2Fexhibit%2Fa%20b.jpg');
    expect(imageServicePath('/file/MUSEUM/CMS/x.jpg', '/file/MUSEUM')).toBe('/iiif/3/CMS%2Fx.jpg');
    expect(fullImagePath('CMS/x.jpg')).toBe('/iiif/3/CMS%2Fx.jpg/full/max/0/default.jpg');
    for (const foreign of ['https://cdn.example/x.jpg', '//cdn.example/x.jpg', '', null]) expect(imageServicePath(foreign)).toBeNull();
    expect(collectionPath(ID)).toBe(`/iiif/3/collection/${ID}`);
  });

  it('give the logo link the manifest address carrying itself, as drag-and-drop viewers read it', () => {
    const manifest = `${ORIGIN}${manifestPath(ID)}`;
    const href = iiifLogoHref(manifest);
    expect(href.startsWith(`${manifest}?`)).toBe(true);
    expect(new URL(href).searchParams.get('manifest')).toBe(manifest);
    expect(IIIF_LOGO_PATH).toBe('/iiif-logo.svg');
  });
});

describe("the operator's IIIF statements", () => {
  it('take a Creative Commons or RightsStatements.org URI, in its http form, and any attribution', () => {
    expect(loadConfig({}).iiif).toEqual({ rights: '', attribution: '' });
    const set = loadConfig({ IIIF_RIGHTS: 'https://creativecommons.org/licenses/by-nc/4.0/', IIIF_ATTRIBUTION: '云溪博物馆藏' }).iiif;
    expect(set).toEqual({ rights: 'http://creativecommons.org/licenses/by-nc/4.0/', attribution: '云溪博物馆藏' });
    expect(loadConfig({ IIIF_RIGHTS: 'http://rightsstatements.org/vocab/InC/1.0/' }).iiif.rights).toBe(
      'http://rightsstatements.org/vocab/InC/1.0/',
    );
  });

  it('refuse a rights value no IIIF client understands', () => {
    for (const rights of ['CC BY-NC', 'https://example.com/licence', 'http://creativecommons.org/licenses/by/']) {
      expect(() => loadConfig({ IIIF_RIGHTS: rights }), rights).toThrow(ConfigError);
    }
  });
});
