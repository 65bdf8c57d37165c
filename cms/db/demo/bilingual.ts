// Records that exist on both sites are written once as pairs and rendered per site.
import type { SiteLanguage } from '../../../shared/wire.ts';

export type Pair = readonly [zh: string, en: string];

export const SITES: readonly SiteLanguage[] = ['CN', 'EN'];

export const say = (pair: Pair, site: SiteLanguage): string => (site === 'EN' ? pair[1] : pair[0]);
