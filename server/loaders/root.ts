// The root (frame) loader: what every page needs around its screen — language and mode, the channel
// tree of the language (menu, breadcrumb, banner, tabs), and the year for the footer.
import { buildChannelTree, pageTree, type ChannelNode } from '../../shared/channels.ts';
import { chinaYear } from '../../shared/china-time.ts';
import { deepFreeze } from '../../shared/deep-freeze.ts';
import type { Lang } from '../../shared/route-table.ts';
import { SITE_CODE } from '../../shared/site.ts';
import type { ChannelTree } from '../../shared/wire.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { ContentCaller } from '../content/content-api.ts';
import type { SiteSettings } from './types.ts';

/**
 * Trees by the checked (frozen, shared) records they were built from: the channel tree is built once per
 * cached answer, not once per render. Frozen too, since every page of that answer's life shares it.
 */
const trees = new WeakMap<object, ChannelNode[]>();

/** The channel tree of a language through the cache (the loader of every page shares one call). */
export async function loadChannels(api: ContentCaller, lang: Lang, requestId: string): Promise<ChannelNode[]> {
  const { data } = await api.call<ChannelTree>('queryAllChannel', { params: { site: SITE_CODE[lang] }, requestId });
  const records = Array.isArray(data?.records) ? data.records : [];
  if (!Object.isFrozen(records)) return buildChannelTree(records);
  let tree = trees.get(records);
  if (!tree) {
    tree = deepFreeze(buildChannelTree(records));
    trees.set(records, tree);
  }
  return tree;
}

/**
 * The frame of a page. `channels` is the whole tree of the language; the frame carries only what the
 * page at `pathname` may show (pageTree): the listed channels, plus its own chain when that runs
 * through a hidden channel. Without `pathname`, the listed channels alone.
 */
export function frameData(input: {
  lang: Lang;
  wx: boolean;
  care?: boolean;
  site: SiteSettings;
  channels: readonly ChannelNode[];
  nowMs: number;
  pathname?: string;
}): FrameData {
  return {
    lang: input.lang,
    wx: input.wx,
    care: input.care === true,
    englishFlag: input.site.english,
    year: chinaYear(input.nowMs),
    channels: pageTree(input.channels, input.pathname ?? '/'),
    watermark: input.site.watermark,
    filePrefix: input.site.filePrefix,
  };
}
