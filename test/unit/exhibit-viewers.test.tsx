import { describe, expect, it } from 'vitest';
import { voiceFor } from '../../client/components/ListenButton.tsx';
import ExhibitDetail from '../../client/screens/ExhibitDetail.tsx';
import type { ExhibitDetailData } from '../../shared/exhibition-views.ts';
import { render, textOf } from './screen-render.tsx';

const exhibit = (extra: Partial<ExhibitDetailData> = {}): ExhibitDetailData => ({
  id: 'e1',
  title: '青铜鼎',
  image: ['/file/MUSEUM/CMS/a/ding.jpg'],
  gallery: [],
  facts: [{ key: 'col.age', value: '商' }],
  html: '<p>介绍</p>',
  explanation: '<p>解读</p>',
  zoom: { service: '/iiif/3/MUSEUM%2Fding.jpg', full: '/iiif/3/MUSEUM%2Fding.jpg/full/max/0/default.jpg' },
  model: null,
  speech: { lang: 'zh-CN', text: '解读' },
  iiif: { manifest: 'https://museum.example/iiif/3/manifest/e1' },
  back: '/Collection/PreciousCol',
  ...extra,
});

const page = (data: ExhibitDetailData) => render(ExhibitDetail, { data, url: '/Collection/PreciousCol/e1' });

describe('the object page viewers, as the server renders them', () => {
  it('is an island that wakes at a touch, whose picture and zoom button link to the whole image until then', async () => {
    const html = await page(exhibit());
    expect(html).toMatch(/<museum-island data-island="exhibitStage" data-when="touch"/);
    const full = '\\/iiif\\/3\\/MUSEUM%2Fding.jpg\\/full\\/max\\/0\\/default.jpg';
    expect(html).toMatch(new RegExp(`<a class="deep-zoom__link" href="${full}"[^>]*data-action="zoom"><img`));
    // The button a visitor sees is a link as well; a press before the island is live is held for it.
    expect(html).toMatch(new RegExp(`<a class="deep-zoom__open" href="${full}" data-action="zoom">`));
    expect(textOf(html)).toContain('放大查看');
    expect(html).not.toContain('<dialog');
  });

  it('shows the plain picture where there is no zoom', async () => {
    const html = await page(exhibit({ zoom: null }));
    expect(html).not.toContain('deep-zoom');
    expect(html).toMatch(/<div class="exhibit__stage"><img [^>]*class="safe-image exhibit__image"/);
  });

  it('a glTF model is a link to its file until the script runs; another model stays an outside link', async () => {
    const gltf = await page(exhibit({ model: { kind: 'gltf', url: '/file/MUSEUM/m.glb' } }));
    expect(gltf).toMatch(/<a class="button button--primary exhibit__model" href="\/file\/MUSEUM\/m.glb" download="" data-action="model">/);
    expect(textOf(gltf)).toContain('查看三维模型');
    expect(gltf).not.toContain('model-view');
    const link = await page(exhibit({ model: { kind: 'link', url: 'https://3d.example-museum.cn/model/1' } }));
    expect(link).toMatch(/href="https:\/\/3d.example-museum.cn\/model\/1" target="_blank" rel="noopener"/);
    const none = await page(exhibit());
    expect(none).not.toContain('exhibit__model');
  });

  it('links the IIIF manifest only when there is one', async () => {
    const html = await page(exhibit());
    expect(html).toMatch(
      /<a class="iiif-link" href="https:\/\/museum.example\/iiif\/3\/manifest\/e1\?manifest=https%3A%2F%2Fmuseum.example%2Fiiif%2F3%2Fmanifest%2Fe1" title="IIIF 资源清单"><img class="iiif-link__logo" src="\/iiif-logo.svg" alt=""/,
    );
    expect(textOf(html)).toContain('IIIF 资源清单');
    expect(await page(exhibit({ iiif: null }))).not.toContain('iiif-link');
  });

  it('renders the listen button as an island marked as needing script (hidden until the islands run)', async () => {
    const html = await page(exhibit());
    expect(html).toMatch(/<museum-island data-island="listen" data-when="touch"/);
    expect(html).toMatch(/<span class="listen" data-needs-script=""><button type="button" class="listen__button" data-action="listen">/);
    expect(textOf(html)).toContain('收听文物解读');
    expect(await page(exhibit({ speech: null }))).not.toContain('listen');
  });

  it('names its controls in English on the English site', async () => {
    const html = await page(exhibit({ model: { kind: 'gltf', url: '/file/m.glb' } }));
    const en = await render(ExhibitDetail, {
      data: exhibit({ model: { kind: 'gltf', url: '/file/m.glb' } }),
      frame: { lang: 'en' },
    });
    expect(html).toContain('title="打开原图"');
    expect(en).toContain('title="Open the full-size image"');
    expect(en).toContain('View the 3D model');
    expect(en).toContain('IIIF manifest');
  });
});

describe('voiceFor', () => {
  const voice = (lang: string, name = lang) => ({ lang, name }) as SpeechSynthesisVoice;

  it('takes the exact language tag first, then any voice of the language', () => {
    const voices = [voice('en-US'), voice('zh-TW'), voice('zh-CN')];
    expect(voiceFor(voices, 'zh-CN')?.lang).toBe('zh-CN');
    expect(voiceFor([voice('zh-TW'), voice('en-GB')], 'zh-CN')?.lang).toBe('zh-TW');
    expect(voiceFor(voices, 'en')?.lang).toBe('en-US');
    expect(voiceFor([voice('zh_CN')], 'zh-CN')?.lang).toBe('zh_CN');
  });

  it('finds none for a language the browser cannot speak', () => {
    expect(voiceFor([voice('en-US'), voice('fr-FR')], 'zh-CN')).toBeNull();
    expect(voiceFor([], 'en')).toBeNull();
  });
});
