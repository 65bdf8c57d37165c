// The speculation rules (public/speculation-rules.json): their shape, and which links they let the browser
// fetch ahead. Node 20 has no URLPattern, so a small matcher of the part of its syntax the rules use
// (`*`, regexp groups, `\?` opening the query) reads the `href_matches` patterns; every excluded kind of
// address is built from the constants the edge serves it by, and every page of the route table but
// search must stay speculable. The selectors are checked against the classes the components render.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_PREFIX } from '../../server/build-files.ts';
import { loadConfig } from '../../server/config.ts';
import { SPECULATION_RULES_PATH } from '../../server/pages/speculation-rules.ts';
import { VISIT_PREFIX } from '../../shared/links.ts';
import { CALENDAR_PREFIX, FEED_PREFIX, ROBOTS_PATH, SITEMAP_PATH, sitemapPartPath } from '../../shared/discovery-paths.ts';
import { API_PREFIXES } from '../../shared/endpoints.ts';
import { IIIF_PREFIX } from '../../shared/iiif.ts';
import { ROUTES, searchPath } from '../../shared/route-table.ts';

const root = join(import.meta.dirname, '../..');
const publicDir = join(root, 'public');

interface Rule {
  source: string;
  where: { and: Array<Record<string, unknown>> };
  eagerness: string;
}
const rules = JSON.parse(readFileSync(join(publicDir, SPECULATION_RULES_PATH), 'utf8')) as Record<string, Rule[]>;

/** A URLPattern component as a regular expression: `*` any text, `(…)` a regexp group, the rest literal. */
function componentRegex(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') out += `\\${pattern[(i += 1)]}`;
    else if (c === '*') out += '.*';
    else if (c === '(') {
      const close = pattern.indexOf(')', i);
      out += pattern.slice(i, close + 1);
      i = close;
    } else out += c.replace(/[.+^$|{}[\]]/g, '\\$&');
  }
  return out;
}

/** Whether a same-origin href matches a path pattern (`/path[\?query]`); a query not named is any query. */
function hrefMatches(pattern: string, href: string): boolean {
  const url = new URL(href, 'https://museum.example');
  const at = pattern.indexOf('\\?');
  const [path, query] = at === -1 ? [pattern, '*'] : [pattern.slice(0, at), pattern.slice(at + 2)];
  return new RegExp(`^${componentRegex(path)}$`).test(url.pathname) && new RegExp(`^${componentRegex(query)}$`).test(url.search.slice(1));
}

const predicates = (rule: Rule) => rule.where.and;
const excludedHrefs = (rule: Rule): string[] =>
  predicates(rule).flatMap((p) =>
    (p.not as { href_matches?: string[] } | undefined)?.href_matches ? (p.not as { href_matches: string[] }).href_matches : [],
  );
const excludedSelectors = (rule: Rule): string[] =>
  predicates(rule).flatMap((p) => (p.not as { selector_matches?: string[] } | undefined)?.selector_matches ?? []);
const speculable = (rule: Rule, href: string): boolean =>
  predicates(rule).some((p) => p.href_matches === '/*') && !excludedHrefs(rule).some((pattern) => hrefMatches(pattern, href));

const [prefetch] = rules.prefetch!;
const [prerender] = rules.prerender!;
const config = loadConfig({});

describe('the speculation rules file', () => {
  it('has one document rule to prefetch and one to prerender, both on intent, with the same exclusions', () => {
    expect(Object.keys(rules).sort()).toEqual(['prefetch', 'prerender']);
    for (const rule of [prefetch!, prerender!]) {
      expect(rule.source).toBe('document');
      expect(rule.eagerness).toBe('moderate');
      expect(predicates(rule)).toContainEqual({ href_matches: '/*' });
    }
    expect(excludedHrefs(prerender!)).toEqual(excludedHrefs(prefetch!));
    expect(excludedSelectors(prerender!)).toEqual(excludedSelectors(prefetch!));
  });

  it('prerenders only links of nav elements, the home page\'s "more" links and the logo (hubs)', () => {
    expect(predicates(prerender!)).toContainEqual({ selector_matches: ['nav a[href]', '.home-section__more', '.site-header__logo'] });
    expect(predicates(prefetch!).some((p) => 'selector_matches' in p)).toBe(false);
    // The classes are the ones the components render.
    expect(readFileSync(join(root, 'client/screens/Home.tsx'), 'utf8')).toContain('className="home-section__more"');
    expect(readFileSync(join(root, 'client/components/Header.tsx'), 'utf8')).toContain('className="site-header__logo"');
  });

  it('never speculates the language switch, the reading-mode switch, downloads or new windows', () => {
    const selectors = excludedSelectors(prefetch!);
    expect(selectors).toEqual(['.site-header__lang', '.care-switch__link', '[rel~=nofollow]', '[download]', '[target=_blank]']);
    expect(readFileSync(join(root, 'client/components/HeaderLanguage.tsx'), 'utf8')).toContain('className="site-header__lang"');
    const care = readFileSync(join(root, 'client/components/ReadingModeSwitch.tsx'), 'utf8');
    expect(care).toContain('className="care-switch__link"');
    expect(care).toMatch(/care-switch__link"[^>]*rel="nofollow"/);
  });

  it('never speculates the API, files, pictures, feeds, sitemaps, calendars, operators, the beacon, search or a messenger-view link', () => {
    const excluded = [
      ...API_PREFIXES.map((p) => `${p}/queryArchivesById/1`),
      ...config.apiAliases.map((a) => `${a}/api/queryArchivesList`),
      `${config.filePrefix}/upload/a.jpg`,
      `${config.filePrefix}/upload/report`,
      `${IIIF_PREFIX}/abc/manifest`,
      `${BUILD_PREFIX}chunks/entry`,
      '/_edge/purge',
      `${VISIT_PREFIX}/abc`,
      `${FEED_PREFIX}/News/SNews.xml`,
      `${CALENDAR_PREFIX}/Education/Activity.ics`,
      SITEMAP_PATH,
      sitemapPartPath(2),
      ROBOTS_PATH,
      '/healthz',
      '/readyz',
      '/metrics',
      `${searchPath('zh')}?keyword=瓷`,
      `${searchPath('en')}?keyword=jade`,
      '/News/SNews?platform=wx',
      '/News/SNews?page=2&platform=wx&care=1',
      ...readdirSync(publicDir, { withFileTypes: true }).map((f) => (f.isDirectory() ? `/${f.name}/file.svg` : `/${f.name}`)),
    ];
    for (const href of excluded) expect(speculable(prefetch!, href), href).toBe(false);
  });

  it('lets every page of the route table but search be speculated, in either mode of reading', () => {
    const pages = ROUTES.filter((r) => r.screen !== 'search' && !/[:*]/.test(r.path)).map((r) => r.path);
    expect(pages.length).toBeGreaterThan(50);
    const withIds = ['/News/SNews/0123456789abcdef0123456789abcdef', '/EN_Education/EN_Activity/abc-1'];
    for (const href of [...pages, ...withIds, '/News/SNews?page=3', '/News/SNews?care=1', '/?care=1']) {
      expect(speculable(prefetch!, href), href).toBe(true);
    }
  });
});
