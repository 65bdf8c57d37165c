// Every row of the route table (shared/route-table.ts), Chinese and English, through the edge's real
// handler against the reference service and its demo content: the status, where redirects go, and
// which screen kind the page was rendered as; unknown channels and unknown ids of known routes are 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, toEnglishPath, type RouteDef } from '../../shared/route-table.ts';
import { UNKNOWN_ID, firstId, getPage, screenOf } from '../world/requests.ts';
import { startWorld, type World } from '../world/world.ts';

let world: World;
beforeAll(async () => {
  world = await startWorld({ content: 'demo' });
});
afterAll(async () => {
  await world?.close();
});

/** A demo channel path for every `:sec`/`:third` pattern (the Chinese one; English is derived). */
const CHANNEL_SAMPLE: Record<string, string> = {
  '/Survey/:sec/:id': '/Survey/Introduction',
  '/News/:sec': '/News/Notice',
  '/News/:sec/:id': '/News/SNews',
  '/Service/OpenServies/:sec': '/Service/OpenServies/Guide',
  '/Service/OpenServies/:sec/:id': '/Service/OpenServies/Guide',
  '/Service/:sec/:id': '/Service/Shopping',
  '/Exhibition/:sec': '/Exhibition/VRTour',
  '/Exhibition/:sec/:id': '/Exhibition/DigitalExh',
  '/Collection/ColLevy/:third': '/Collection/ColLevy/DonationList',
  '/Collection/:sec/:id': '/Collection/ExcellentCol',
  '/Collection/:sec/:third/:id': '/Collection/ColLevy/DonationSystem',
  '/Research/:sec': '/Research/Achievements',
  '/Research/:sec/:id': '/Research/Read',
  '/Education/Volunteer/:third': '/Education/Volunteer/VolRecruit',
  '/Education/:sec': '/Education/Lecture',
  '/Education/:sec/:id': '/Education/Reception',
  '/Education/:sec/:third/:id': '/Education/Volunteer/VolAct',
};

/** Rows whose demo tree has no channel of that shape (Survey has no third level). */
const NO_SAMPLE = new Set(['/Survey/:sec/:third/:id']);

const zhPattern = (def: RouteDef): string => (def.lang === 'en' ? def.path.replace(/EN_/g, '') : def.path);

async function idFor(def: RouteDef, channelPath: string): Promise<string> {
  const site = def.lang === 'en' ? 'EN' : 'CN';
  const channelNo = channelPath.split('/').pop() ?? '';
  switch (def.screen) {
    case 'exhibitionDetail':
      return firstId(world.cmsUrl, channelPath.endsWith('BaseExh') ? 'base' : 'temp', '', site);
    case 'exhibitDetail':
      return firstId(world.cmsUrl, channelPath.endsWith('GMWW') ? 'gmww' : 'treasure', '', site);
    case 'activityDetail':
      return firstId(world.cmsUrl, 'activity', '', site);
    case 'questionnaire':
    case 'questionnaireResult':
      return firstId(world.cmsUrl, 'questionnaire', '', site);
    default:
      return firstId(world.cmsUrl, 'article', channelNo, site);
  }
}

/** A concrete address of the row with real demo ids, or null when the demo has none. */
async function sample(def: RouteDef): Promise<string | null> {
  if (def.screen === 'notFound') return '/No/Such/Page';
  const zh = zhPattern(def);
  if (NO_SAMPLE.has(zh)) return null;
  const toLang = (p: string) => (def.lang === 'en' ? toEnglishPath(p) : p);
  if (!def.path.includes(':')) return def.path;
  const channel = toLang(CHANNEL_SAMPLE[zh] ?? zh.slice(0, zh.indexOf('/:')));
  if (!def.path.includes(':id')) return channel;
  const id = await idFor(def, channel);
  return def.path.endsWith('/result') ? `${channel}/${id}/result` : `${channel}/${id}`;
}

describe.each(ROUTES.map((def) => [def.id, def] as const))('route %s', (_id, def) => {
  it('answers with the right status, redirect target and screen', async () => {
    const path = await sample(def);
    if (path === null) return;
    const page = await getPage(world.url, path);
    if (def.screen === 'redirect') {
      expect(page.status, path).toBe(302);
      expect(page.location, path).toBe(def.redirectTo);
      return;
    }
    if (def.screen === 'notFound') {
      expect(page.status).toBe(404);
      expect(screenOf(page.html)).toBe('notFound');
      return;
    }
    expect(page.status, path).toBe(200);
    expect(screenOf(page.html), path).toBe(def.screen);
  });

  if (def.path.includes(':sec') || def.path.includes(':third')) {
    it('answers an unknown channel with 404', async () => {
      const path = def.path
        .replace(/:sec|:third/, 'NoSuchChannel')
        .replace(':sec', 'X')
        .replace(':third', 'Y')
        .replace(':id', UNKNOWN_ID);
      const page = await getPage(world.url, path);
      expect(page.status, path).toBe(404);
      expect(page.html).toContain(
        def.lang === 'en' ? 'Sorry, the page you are looking for cannot be opened!' : '很抱歉，无法打开您要找的页面！',
      );
    });
  }

  if (def.path.includes(':id')) {
    it('answers an unknown id with 404', async () => {
      const good = await sample(def);
      if (good === null) return;
      // A well-formed id the service never issued, and one that is no id at all (never sent upstream).
      for (const id of [UNKNOWN_ID, 'no.such~id']) {
        const path = good.replace(/\/[^/]+(\/result)?$/, (_m, result: string | undefined) => `/${id}${result ?? ''}`);
        expect(path, good).not.toBe(good);
        const page = await getPage(world.url, path);
        expect(page.status, path).toBe(404);
      }
    });
  }
});
