// generateDemoContent: the whole demo site from one seed. Each part draws from its own forked
// generator, so changing one part's prose never reshuffles another part's records.
import type { SiteLanguage } from '../../../shared/wire.ts';
import { activities } from './activities.ts';
import { channelArticles } from './articles.ts';
import { withAudit } from './audit.ts';
import { SITES } from './bilingual.ts';
import { planChannels } from './channels.ts';
import { collection } from './collection.ts';
import { dictionaries } from './dictionaries.ts';
import { exhibitionBases, exhibitionTemps, type DemoTemp } from './exhibitions.ts';
import { counter } from './ids.ts';
import { messages } from './messages.ts';
import { forkRng } from './prng.ts';
import { en } from './prose/en.ts';
import type { Lexicon } from './prose/types.ts';
import { zh } from './prose/zh.ts';
import { questionnaires } from './questionnaires.ts';
import { sliders } from './sliders.ts';
import type { DemoArticle, DemoContent } from './types.ts';

const DEFAULT_SEED = 20180501;

const LEXICONS: Record<SiteLanguage, Lexicon> = { CN: zh, EN: en };

export function generateDemoContent(seed: number = DEFAULT_SEED): DemoContent {
  const articleIds = { archives: counter(1001), files: counter(1) };
  const exhibitionIds = { bases: counter(1), temps: counter(1) };

  // Channel ids: 1… on the Chinese site, 101… on the English one.
  const channels = SITES.flatMap((site) => planChannels(site, site === 'CN' ? 1 : 101));
  const articles: DemoArticle[] = [];
  const files: DemoContent['files'] = [];
  for (const planned of channels) {
    const rng = forkRng(seed, `articles:${planned.channel.channelNo}`);
    const built = channelArticles(rng, LEXICONS[planned.site], planned, planned.channel.parent, articleIds);
    articles.push(...built.articles);
    files.push(...built.files);
  }

  const temps: Record<SiteLanguage, DemoTemp[]> = { CN: [], EN: [] };
  const exhibitionBasesAll = SITES.flatMap((site) => exhibitionBases(forkRng(seed, `bases:${site}`), LEXICONS[site], site, exhibitionIds));
  for (const site of SITES) temps[site] = exhibitionTemps(forkRng(seed, `temps:${site}`), LEXICONS[site], site, exhibitionIds);

  const col = collection(forkRng(seed, 'collection'), LEXICONS, temps, {
    types: counter(1),
    exhibits: counter(1),
    files: articleIds.files,
  });
  files.push(...col.files);

  const activityIds = counter(1);
  const sliderIds = counter(1);
  const audit = forkRng(seed, 'audit');
  return {
    channels: channels.map((c) => c.channel),
    articles: withAudit(audit, articles, (a) => a.publishDate),
    exhibitionBases: withAudit(audit, exhibitionBasesAll, (e) => e.startTime, true),
    exhibitionTemps: withAudit(
      audit,
      SITES.flatMap((site) => temps[site].map((t) => t.temp)),
      (e) => e.startTime,
      true,
    ),
    exhibitTypes: col.exhibitTypes,
    exhibits: withAudit(audit, col.exhibits, () => null, true),
    tempExhibits: col.tempExhibits,
    activities: withAudit(
      audit,
      SITES.flatMap((site) => activities(forkRng(seed, `activities:${site}`), site, activityIds)),
      (a) => a.reserveStartTime,
      true,
    ),
    files,
    dictionaries: dictionaries(counter(1)),
    messages: messages(forkRng(seed, 'messages'), counter(1)),
    questionnaires: questionnaires(forkRng(seed, 'questionnaires'), {
      questionnaires: counter(1),
      details: counter(1),
      questions: counter(101),
      answers: counter(1001),
    }),
    sliders: SITES.flatMap((site) =>
      sliders(
        site,
        temps[site].map((t) => t.temp),
        sliderIds,
      ),
    ),
  };
}
