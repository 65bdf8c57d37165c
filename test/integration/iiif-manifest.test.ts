// IIIF Presentation 3.0 manifests and collections over real sockets: the edge (createApp) in front of
// the reference content service with its demo content and demo pictures, read as a viewer or an
// aggregator reads them (@iiif/parser), every canvas checked against the real picture; then the same
// against the independent stand-in service (hex ids, relative file paths, gateways).
import { normalize, Traverse } from '@iiif/parser';
import { presentation3StrictUpgrade } from '@iiif/parser/strict';
import type { Canvas, Collection, Manifest } from '@iiif/presentation-3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUrl } from '../../shared/file-url.ts';
import { IIIF_LOGO_PATH, IIIF_MANIFEST_TYPE, IIIF_PRESENTATION_CONTEXT, collectionPath, manifestPath } from '../../shared/iiif.ts';
import { t } from '../../shared/i18n.ts';
import type { Exhibit, ExhibitionTemp, ListResult } from '../../shared/wire.ts';
import { startWorld, type World } from '../world/world.ts';
import { call } from './cms-harness.ts';

let world: World;
/** Demo exhibits with pictures, one of each language, and a temporary exhibition with exhibits. */
let zhExhibit: Exhibit;
let enExhibit: Exhibit;
let exhibition: ExhibitionTemp;

interface Answer<T> {
  status: number;
  headers: Headers;
  json: T;
}

async function get<T = Record<string, unknown>>(path: string, base = world.url, init: RequestInit = {}): Promise<Answer<T>> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : null) as T };
}

async function records<T>(name: 'queryExhibitList' | 'queryExhibitionTempList', entity: Record<string, unknown>): Promise<T[]> {
  const { body } = await call<ListResult<T>>(world.cmsUrl, name, { body: { entity, param: { pageNum: 1, pageSize: 100 } } });
  return body.data.records;
}

/** Everything @iiif/parser's strict Presentation 3 check finds wrong with a document (nothing, for a valid one). */
function strictWarnings(doc: Manifest): string[] {
  const state = { warnings: [] as string[] };
  presentation3StrictUpgrade(structuredClone(doc), state);
  return state.warnings;
}

function canvasesOf(doc: Manifest): Canvas[] {
  const found: Canvas[] = [];
  new Traverse({ canvas: [(c: Canvas) => void found.push(c)] }).traverseManifest(structuredClone(doc));
  return found;
}

interface PaintedImage {
  id: string;
  width: number;
  height: number;
  service: Array<{ id: string; type: string; profile: string }>;
}

const bodyOf = (c: Canvas): PaintedImage => c.items![0]!.items![0]!.body as unknown as PaintedImage;

/** The store path an image service id names (its last segment, one encoded path). */
const storePathOf = (serviceId: string): string => decodeURIComponent(serviceId.split('/').at(-1)!);

/** The size a picture of the store is shown at: its header, EXIF orientation applied. */
async function realSize(storePath: string): Promise<{ width: number; height: number }> {
  const res = await fetch(`${world.url}${fileUrl(storePath, world.config.filePrefix)}`);
  expect(res.status, storePath).toBe(200);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return turned ? { width: meta.height!, height: meta.width! } : { width: meta.width!, height: meta.height! };
}

/** A temporary exhibition of the language with exhibits (its collection lists them). */
async function exhibitionWithExhibits(languageType: 'CN' | 'EN'): Promise<ExhibitionTemp> {
  for (const e of await records<ExhibitionTemp>('queryExhibitionTempList', { languageType })) {
    const { body } = await call<ListResult<Exhibit>>(world.cmsUrl, 'queryExhibitListByTemp', {
      body: { entity: { groupId: e.groupId }, param: { pageNum: 1, pageSize: 10 } },
    });
    if (e.groupId && body.data.records.length > 0) return e;
  }
  throw new Error(`no ${languageType} exhibition with exhibits in the demo content`);
}

beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
  const withPicture = (x: Exhibit) => Boolean((x.thumb ?? '').trim()) && !/^(?:https?:)?\/\//.test(x.thumb!.trim());
  zhExhibit = (await records<Exhibit>('queryExhibitList', { languageType: 'CN' })).find(withPicture)!;
  enExhibit = (await records<Exhibit>('queryExhibitList', { languageType: 'EN' })).find(withPicture)!;
  expect(zhExhibit?.exhibitId).toBeTruthy();
  expect(enExhibit?.exhibitId).toBeTruthy();
  exhibition = await exhibitionWithExhibits('CN');
  expect(exhibition.exhibitionTempId).toBeTruthy();
}, 120_000);

afterAll(async () => {
  await world?.close();
});

describe('an exhibit manifest', () => {
  it('parses as IIIF Presentation 3.0 JSON-LD, with its label in its language and its field names in zh and en', async () => {
    const path = manifestPath(zhExhibit.exhibitId);
    const { status, headers, json } = await get<Manifest & { '@context': string }>(path);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(headers.get('content-type')).toBe(IIIF_MANIFEST_TYPE);
    expect(headers.get('cache-control')).toMatch(/^public, max-age=[1-9]\d*$/);
    expect(json['@context']).toBe(IIIF_PRESENTATION_CONTEXT);
    expect(json.id).toBe(`${world.url}${path}`);
    expect(json.type).toBe('Manifest');
    expect(json.label).toEqual({ zh: [zhExhibit.exhibitName.trim()] });
    expect(strictWarnings(json)).toEqual([]);
    const normalized = normalize(structuredClone(json));
    expect(normalized.resource).toEqual({ id: json.id, type: 'Manifest' });
    expect(Object.keys(normalized.entities.Canvas)).toHaveLength(json.items.length);

    // Every field name in both languages; the values in the record's.
    expect(json.metadata!.length).toBeGreaterThanOrEqual(2);
    for (const row of json.metadata!) {
      expect(Object.keys(row.label).sort()).toEqual(['en', 'zh']);
      expect(Object.keys(row.value)).toEqual(['zh']);
    }
    expect(json.metadata![0]).toEqual({ label: { zh: ['名称'], en: ['Name'] }, value: { zh: [zhExhibit.exhibitName.trim()] } });
    // No rights unless the operator states them; the museum's name is the attribution.
    expect(json.rights).toBeUndefined();
    expect(json.requiredStatement).toEqual({
      label: { zh: ['版权'], en: ['Attribution'] },
      value: { zh: ['云溪博物馆'], en: ['Yunxi Museum'] },
    });
    expect(json.provider![0]!.type).toBe('Agent');

    // The object page it describes answers.
    const home = json.homepage![0]!;
    expect(home.id).toBe(
      `${world.url}/Collection/${zhExhibit.isTreasure || zhExhibit.generalType !== 'GMWW' ? 'PreciousCol' : 'GMWW'}/${zhExhibit.exhibitId}`,
    );
    expect((await fetch(home.id!, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('gives every canvas the real size of its picture, painted by a full-size image of its image service', async () => {
    const { json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId));
    const canvases = canvasesOf(json);
    expect(canvases.length).toBeGreaterThan(0);
    for (const canvas of canvases) {
      const body = bodyOf(canvas);
      const service = body.service[0]!;
      expect(service.type).toBe('ImageService3');
      expect(service.id.startsWith(`${world.url}/iiif/3/`)).toBe(true);
      expect(body.id).toBe(`${service.id}/full/max/0/default.jpg`);
      const size = await realSize(storePathOf(service.id));
      expect({ width: canvas.width, height: canvas.height }, service.id).toEqual(size);
      expect({ width: body.width, height: body.height }).toEqual(size);
    }
    // The thumbnail is the first picture at 300 px (or smaller), from the same service.
    const thumb = json.thumbnail![0] as unknown as PaintedImage;
    expect(thumb.service[0]!.id).toBe(bodyOf(canvases[0]!).service[0]!.id);
    expect(thumb.id).toBe(`${thumb.service[0]!.id}/full/${thumb.width},/0/default.jpg`);
    const small = await fetch(thumb.id);
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(thumb.width);
  });

  it("has image services that resolve: each info.json describes the canvas's picture", async () => {
    const { json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId));
    for (const canvas of canvasesOf(json)) {
      const service = bodyOf(canvas).service[0]!;
      const info = await get<{ id: string; type: string; profile: string; width: number; height: number }>(
        `${service.id.slice(world.url.length)}/info.json`,
      );
      expect(info.status, service.id).toBe(200);
      expect(info.json).toMatchObject({ id: service.id, type: 'ImageService3', width: canvas.width, height: canvas.height });
      // The manifest states the level the service itself states.
      expect(service.profile).toBe(info.json.profile);
      // The painting image and the thumbnail are requests the service answers.
      const full = await fetch(bodyOf(canvas).id);
      expect(full.status).toBe(200);
      expect(full.headers.get('content-type')).toBe('image/jpeg');
      const made = await sharp(Buffer.from(await full.arrayBuffer())).metadata();
      expect({ width: made.width, height: made.height }).toEqual({ width: canvas.width, height: canvas.height });
    }
  });

  it('labels an English record in English, and keeps its field names in both languages', async () => {
    const { status, json } = await get<Manifest>(manifestPath(enExhibit.exhibitId));
    expect(status).toBe(200);
    expect(json.label).toEqual({ en: [enExhibit.exhibitName.trim()] });
    expect(json.metadata![0]!.label).toEqual({ zh: ['名称'], en: ['Name'] });
    expect(json.homepage![0]!.id).toMatch(new RegExp(`^${world.url}/EN_Collection/EN_\\w+/${enExhibit.exhibitId}$`));
    expect(strictWarnings(json)).toEqual([]);
  });

  it('states the rights and the attribution the operator sets, with ids at PUBLIC_URL', async () => {
    const publicUrl = 'https://www.example-museum.cn';
    const { url } = await world.startEdge({
      IIIF_RIGHTS: 'https://creativecommons.org/licenses/by-nc/4.0/',
      IIIF_ATTRIBUTION: '云溪博物馆藏 Yunxi Museum',
      PUBLIC_URL: publicUrl,
    });
    const { status, json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId), url);
    expect(status).toBe(200);
    expect(json.rights).toBe('http://creativecommons.org/licenses/by-nc/4.0/');
    expect(json.requiredStatement!.value).toEqual({ none: ['云溪博物馆藏 Yunxi Museum'] });
    expect(json.id).toBe(`${publicUrl}${manifestPath(zhExhibit.exhibitId)}`);
    expect(bodyOf(canvasesOf(json)[0]!).service[0]!.id.startsWith(`${publicUrl}/iiif/3/`)).toBe(true);
    expect(strictWarnings(json)).toEqual([]);
  });

  it('answers HEAD with the headers of GET, and a repeated request from its copy', async () => {
    const path = manifestPath(zhExhibit.exhibitId);
    const head = await fetch(`${world.url}${path}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(IIIF_MANIFEST_TYPE);
    expect(await head.text()).toBe('');
    const [a, b] = await Promise.all([get(path), get(path)]);
    expect(a.json).toEqual(b.json);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
  });

  it('answers 404 with a message for an unknown exhibit, 400 for an id no record has, 405 for other methods', async () => {
    const missing = await get<{ code: number; msg: string; error: string }>(manifestPath('0123456789abcdef0123456789abcdef'));
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(missing.json).toMatchObject({ code: 404, error: 'IIIF_NOT_FOUND' });
    expect(missing.json.msg).toMatch(/exhibit/i);
    for (const bad of ['not.an.id', 'x'.repeat(65), '%E4%B8%AD']) {
      const res = await get<{ code: number; error: string }>(`/iiif/3/manifest/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json).toMatchObject({ code: 400, error: 'IIIF_BAD_ID' });
    }
    const post = await fetch(`${world.url}${manifestPath(zhExhibit.exhibitId)}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('when the content service is down', () => {
  it('answers a manifest built before from its last good copy, and one never built with a 503 and Retry-After', async () => {
    let offsetMs = 0;
    const now = () => Date.now() + offsetMs;
    const env = { PAGE_CACHE_TTL_S: '30', CACHE_TTL_S: '5', CACHE_SWR_S: '0', CACHE_STALE_IF_ERROR_S: '0', LOG_LEVEL: 'silent' };
    const edge = await world.startEdge(env, { now });
    const path = manifestPath(zhExhibit.exhibitId);
    const good = await get(path, edge.url);
    expect(good.headers.get('x-cache')).toBe('MISS');
    world.cms.cms.faults.set({ failRate: 1, failStatus: 503 });
    try {
      offsetMs += 60_000;
      const stale = await get(path, edge.url);
      expect(stale.status).toBe(200);
      expect(stale.headers.get('x-cache')).toBe('STALE');
      expect(stale.headers.get('cache-control')).toBe('public, max-age=30');
      expect(stale.json).toEqual(good.json);
      const never = await get<{ error: string }>(manifestPath(enExhibit.exhibitId), edge.url);
      expect(never.status).toBe(503);
      expect(never.json.error).toBe('IIIF_UNAVAILABLE');
      expect(Number(never.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      world.cms.cms.faults.reset();
    }
  });
});

describe("an exhibition's collection", () => {
  it('lists a manifest for each of its exhibits, each answering', async () => {
    const path = collectionPath(exhibition.exhibitionTempId);
    const { status, headers, json } = await get<Collection & { '@context': string }>(path);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(headers.get('content-type')).toBe(IIIF_MANIFEST_TYPE);
    expect(json).toMatchObject({ '@context': IIIF_PRESENTATION_CONTEXT, id: `${world.url}${path}`, type: 'Collection' });
    expect(json.label).toEqual({ zh: [exhibition.tempName.trim()] });
    const normalized = normalize(structuredClone(json));
    expect(normalized.resource).toEqual({ id: json.id, type: 'Collection' });
    expect(json.items.length).toBeGreaterThan(0);
    for (const item of json.items) {
      expect(item.type).toBe('Manifest');
      expect(Object.keys(item.label!)).toHaveLength(1);
      expect(item.id.startsWith(`${world.url}/iiif/3/manifest/`)).toBe(true);
    }
    const first = await get<Manifest>(json.items[0]!.id.slice(world.url.length));
    expect(first.status).toBe(200);
    expect(first.json.label).toEqual(json.items[0]!.label);
  });

  it('answers 404 for an unknown exhibition', async () => {
    const res = await get<{ error: string }>(collectionPath('0123456789abcdef0123456789abcdef'));
    expect(res.status).toBe(404);
    expect(res.json.error).toBe('IIIF_NOT_FOUND');
  });
});

describe('CORS', () => {
  it('opens the IIIF paths to every origin, and answers their preflight', async () => {
    for (const path of [
      manifestPath(zhExhibit.exhibitId),
      collectionPath(exhibition.exhibitionTempId),
      manifestPath('0123456789abcdef0123456789abcdef'),
    ]) {
      const res = await fetch(`${world.url}${path}`, { headers: { origin: 'https://viewer.example' } });
      await res.arrayBuffer();
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('cross-origin');
    }
    const preflight = await fetch(`${world.url}${manifestPath(zhExhibit.exhibitId)}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://viewer.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('leaves pages, the API and the files closed to other origins', async () => {
    const { json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId));
    const picture = fileUrl(storePathOf(bodyOf(canvasesOf(json)[0]!).service[0]!.id), world.config.filePrefix);
    for (const path of ['/', '/Collection/PreciousCol', `/api/queryExhibitById/${zhExhibit.exhibitId}`, picture]) {
      const res = await fetch(`${world.url}${path}`, { headers: { origin: 'https://viewer.example' } });
      await res.arrayBuffer();
      expect(res.status, path).toBeLessThan(400);
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
    }
  });
});

describe('the IIIF logo', () => {
  it('is served as the SVG the object page links with its manifest', async () => {
    const res = await fetch(`${world.url}${IIIF_LOGO_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('svg');
  });

  it("links the manifest by its absolute address, at the page's canonical origin, for viewers on other sites", async () => {
    const publicUrl = 'https://www.example-museum.cn';
    const atPublic = await world.startEdge({ PUBLIC_URL: publicUrl });
    for (const [base, origin] of [
      [world.url, world.url],
      [atPublic.url, publicUrl],
    ] as const) {
      const { json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId), base);
      const html = await pageHtml(base, json.homepage![0]!.id!.slice(origin.length));
      const manifest = `${origin}${manifestPath(zhExhibit.exhibitId)}`;
      expect(canonicalOf(html)?.startsWith(`${origin}/`)).toBe(true);
      expect(logoLinkOf(html)).toMatchObject({ href: `${manifest}?manifest=${encodeURIComponent(manifest)}`, manifest });
    }
  });
});

/** The page's HTML as a browser asks for it. */
async function pageHtml(base: string, path: string): Promise<string> {
  const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status, path).toBe(200);
  return res.text();
}

const canonicalOf = (html: string): string | undefined => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

const unescapeHtml = (text: string): string =>
  text.replace(/&(?:amp|quot|#x27|lt|gt);/g, (e) => ({ '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>' })[e]!);

/** The IIIF logo link of a page: its href, and the address a viewer it is dropped on reads (`?manifest=`). */
function logoLinkOf(html: string): { href: string; manifest: string | null; title: string } | null {
  const m = /<a class="iiif-link[^"]*" href="([^"]+)" title="([^"]+)"><img class="iiif-link__logo" src="\/iiif-logo.svg"/.exec(html);
  if (!m) return null;
  const href = unescapeHtml(m[1]!);
  return { href, manifest: new URL(href, 'http://relative.invalid').searchParams.get('manifest'), title: unescapeHtml(m[2]!) };
}

describe("an exhibition page's collection link", () => {
  it('links the collection in the head and with the IIIF logo on the page, both absolute', async () => {
    const { json } = await get<Collection>(collectionPath(exhibition.exhibitionTempId));
    const html = await pageHtml(world.url, json.homepage![0]!.id!.slice(world.url.length));
    const collection = `${world.url}${collectionPath(exhibition.exhibitionTempId)}`;
    const type = IIIF_MANIFEST_TYPE.replaceAll('"', '&quot;');
    expect(html).toContain(`<link rel="alternate" type="${type}" href="${collection}">`);
    expect(logoLinkOf(html)).toEqual({
      href: `${collection}?manifest=${encodeURIComponent(collection)}`,
      manifest: collection,
      title: t('zh', 'exh.iiifCollection'),
    });
    // The address answers the collection the page names.
    const linked = await get<Collection>(collectionPath(exhibition.exhibitionTempId));
    expect(linked.json.type).toBe('Collection');
  });

  it('names it in English on the English site', async () => {
    const en = await exhibitionWithExhibits('EN');
    const { json } = await get<Collection>(collectionPath(en.exhibitionTempId));
    const html = await pageHtml(world.url, json.homepage![0]!.id!.slice(world.url.length));
    expect(logoLinkOf(html)?.title).toBe(t('en', 'exh.iiifCollection'));
    expect(html).toContain(`href="${world.url}${collectionPath(en.exhibitionTempId)}">`);
  });
});

describe('compression', () => {
  it('sends manifests and collections as brotli or gzip by Accept-Encoding, with Vary, and pictures as they are', async () => {
    for (const path of [manifestPath(zhExhibit.exhibitId), collectionPath(exhibition.exhibitionTempId)]) {
      const plain = await fetch(`${world.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
      const body = await plain.text();
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      for (const coding of ['br', 'gzip']) {
        const res = await fetch(`${world.url}${path}`, { headers: { 'accept-encoding': coding } });
        expect(res.headers.get('content-encoding'), `${path} ${coding}`).toBe(coding);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(res.headers.get('content-type')).toBe(IIIF_MANIFEST_TYPE);
        expect(await res.text()).toBe(body);
      }
    }
    const { json } = await get<Manifest>(manifestPath(zhExhibit.exhibitId));
    const thumb = await fetch((json.thumbnail![0] as { id: string }).id, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-encoding')).toBeNull();
  });
});

describe('against the stand-in service', () => {
  let standin: World;
  beforeAll(async () => {
    standin = await startWorld({ content: 'standin' });
  }, 60_000);
  afterAll(async () => {
    await standin?.close();
  });

  it("builds a valid manifest of a hex-id exhibit whose canvases have the stored picture's size", async () => {
    const exhibit = standin.standin.data.exhibits.find((x) => typeof x.thumb === 'string' && x.thumb !== '')!;
    const id = String(exhibit.exhibitId);
    const { status, json } = await get<Manifest>(manifestPath(id), standin.url);
    expect(status, JSON.stringify(json)).toBe(200);
    expect(strictWarnings(json)).toEqual([]);
    for (const canvas of canvasesOf(json)) {
      const res = await fetch(`${standin.url}${fileUrl(storePathOf(bodyOf(canvas).service[0]!.id), standin.config.filePrefix)}`);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ width: canvas.width, height: canvas.height }).toEqual({ width: meta.width, height: meta.height });
    }
  });

  it('leaves out pictures the store lacks or another host serves, and answers 404 for an exhibit with none left', async () => {
    // Records the edge has not read yet (its content cache would keep the old ones), changed in place.
    const [some, none] = standin.standin.data.exhibits.filter((x) => x.languageType === 'EN').slice(-2);
    const [good] = String(some!.thumb).split(';');
    some!.thumb = `${good};CMS/nowhere/missing.jpg;https://cdn.example/foreign.jpg`;
    some!.appThumb = null;
    none!.thumb = 'CMS/nowhere/missing.jpg';
    none!.appThumb = null;
    none!.groupId = 'ffffffffffffffffffffffffffffffff';

    const kept = await get<Manifest>(manifestPath(String(some!.exhibitId)), standin.url);
    expect(kept.status).toBe(200);
    expect(kept.json.label).toEqual({ en: [String(some!.exhibitName)] });
    const stores = canvasesOf(kept.json).map((c) => storePathOf(bodyOf(c).service[0]!.id));
    expect(stores).not.toContain('CMS/nowhere/missing.jpg');
    expect(stores.some((p) => p.includes('foreign'))).toBe(false);
    expect(stores[0]).toBe(good!.replace(/^\/+/, ''));

    const empty = await get<{ msg: string; error: string }>(manifestPath(String(none!.exhibitId)), standin.url);
    expect(empty.status).toBe(404);
    expect(empty.json).toMatchObject({ error: 'IIIF_NOT_FOUND' });
    expect(empty.json.msg).toMatch(/no picture in the store/);
  });
});
