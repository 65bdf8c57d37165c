// /robots.txt, answered by the edge rather than a static file, so it can name the sitemap at the
// site's own absolute address (PUBLIC_URL, else the request's origin). The page data and the API (and
// its aliases for old clients) are for programs, not for indexing.
import { SITEMAP_PATH } from '../../shared/discovery-paths.ts';

export function robotsTxt(origin: string, apiAliases: readonly string[] = []): string {
  const disallow = ['/__data/', '/api/', ...apiAliases.map((a) => `${a.replace(/\/+$/, '')}/api/`)];
  return ['User-agent: *', 'Allow: /', ...[...new Set(disallow)].map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}${SITEMAP_PATH}`, ''].join('\n');
}
