// The route table as data: every section row, the parents' redirects, exact matching
// (static rows beat `:param` rows), the English twins, and what the router matches for real paths.
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES, ROUTE_BY_ID, homePath, toChinesePath, toEnglishPath, twinRoute, type RouteDef } from '../../shared/route-table.ts';

const routes = ROUTES.map((r) => ({ id: r.id, path: r.path }));
function match(pathname: string): RouteDef {
  const found = matchRoutes(routes, pathname);
  const id = found?.[found.length - 1]?.route.id;
  const def = id ? ROUTE_BY_ID.get(id) : undefined;
  if (!def) throw new Error(`no route for ${pathname}`);
  return def;
}

describe('route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it.each([
    ['/', 'home'],
    ['/Home', 'home'],
    ['/EN_Home', 'home'],
    ['/Search', 'search'],
    ['/EN_Search', 'search'],
  ])('%s is %s', (path, screen) => {
    expect(match(path).screen).toBe(screen);
  });

  it.each([
    ['/Survey', '/Survey/Introduction'],
    ['/News', '/News/SNews'],
    ['/Service', '/Service/OpenServies/OpenTime'],
    ['/Service/OpenServies', '/Service/OpenServies/OpenTime'],
    ['/Exhibition', '/Exhibition/BaseExh'],
    ['/Collection', '/Collection/PreciousCol'],
    ['/Collection/ColLevy', '/Collection/ColLevy/DonationSystem'],
    ['/Research', '/Research/AcademicCommittee'],
    ['/Education', '/Education/Reception'],
    ['/Education/Volunteer', '/Education/Volunteer/VolAct'],
    ['/EN_News', '/EN_News/EN_SNews'],
    ['/EN_Service/EN_OpenServies', '/EN_Service/EN_OpenServies/EN_OpenTime'],
  ])('%s redirects to %s', (path, target) => {
    const def = match(path);
    expect(def.screen).toBe('redirect');
    expect(def.redirectTo).toBe(target);
  });

  it.each([
    // path, screen, pageSize, layout, grade
    ['/Survey/Introduction', 'list', 10, 'text', 2],
    ['/Survey/Leader', 'list', 6, 'images', 2],
    ['/Survey/Organization', 'list', 10, 'text', 2],
    ['/Survey/frzl', 'list', 10, 'text', 2],
    ['/Survey/Honor', 'list', 10, 'text', 2],
    ['/Survey/History', 'list', 6, 'images', 2],
    ['/News/SNews', 'list', 6, 'common', 2],
    ['/News/Media', 'list', 6, 'common', 2],
    ['/News/Notice', 'list', 10, 'text', 2],
    ['/Service/OpenServies/OpenTime', 'list', 10, 'text', 3],
    ['/Service/OpenServies/LeaveWord', 'messageBoard', 10, undefined, 3],
    ['/Service/OpenServies/Message', 'messageBoard', 10, undefined, 3],
    ['/Service/Shopping', 'list', 6, 'wc', 2],
    ['/Exhibition/DigitalExh', 'list', 6, 'images', 2],
    ['/Exhibition/BaseExh', 'exhibitionList', 6, 'exhibition', 2],
    ['/Exhibition/TempExh', 'exhibitionList', 6, 'exhibition', 2],
    ['/Exhibition/Other', 'list', 6, 'exhibition', 2],
    ['/Collection/ColLevy/DonationList', 'list', 6, 'text', 3],
    ['/Collection/PreciousCol', 'collectionList', 12, 'collection', 2],
    ['/Collection/GMWW', 'collectionList', 12, 'collection', 2],
    ['/Research/AcademicCommittee', 'list', 10, 'text', 2],
    ['/Research/Read', 'list', 8, 'book', 2],
    ['/Research/PublishedBooks', 'list', 8, 'book', 2],
    ['/Research/Achievements', 'list', 6, 'images', 2],
    ['/Education/Activity', 'activityList', 6, 'activity', 2],
    ['/Education/Volunteer/VolAct', 'list', 6, 'images', 3],
    ['/Education/Reception', 'list', 6, 'images', 2],
    ['/EN_News/EN_SNews', 'list', 6, 'common', 2],
    ['/EN_Collection/EN_ColLevy/EN_DonationList', 'list', 6, 'text', 3],
  ])('%s is a %s of %s per page (%s, grade %s)', (path, screen, pageSize, layout, grade) => {
    const def = match(path);
    expect(def.screen).toBe(screen);
    expect(def.pageSize).toBe(pageSize);
    expect(def.layout).toBe(layout);
    expect(def.grade).toBe(grade);
  });

  it.each([
    ['/Survey/Introduction/12', 'detail'],
    ['/Survey/Introduction/Sub/12', 'detail'],
    ['/News/SNews/12', 'detail'],
    ['/Service/OpenServies/OpenTime/12', 'detail'],
    ['/Service/Shopping/12', 'detail'],
    ['/Exhibition/DigitalExh/12', 'detail'],
    ['/Exhibition/BaseExh/12', 'exhibitionDetail'],
    ['/Exhibition/TempExh/12', 'exhibitionDetail'],
    ['/Collection/PreciousCol/12', 'exhibitDetail'],
    ['/Collection/GMWW/12', 'exhibitDetail'],
    ['/Collection/ColLevy/DonationList/12', 'detail'],
    ['/Research/Read/12', 'detail'],
    ['/Education/Activity/12', 'activityDetail'],
    ['/Education/Volunteer/VolAct/12', 'detail'],
    ['/Education/Lecture/12', 'detail'],
    ['/Service/Questionnaire', 'questionnaireList'],
    ['/Service/Questionnaire/3', 'questionnaire'],
    ['/Service/Questionnaire/3/result', 'questionnaireResult'],
    ['/EN_Service/EN_Questionnaire/3/result', 'questionnaireResult'],
    ['/EN_News/EN_SNews/12', 'detail'],
  ])('%s is a %s screen', (path, screen) => {
    expect(match(path).screen).toBe(screen);
  });

  it.each(['/Nope', '/News/SNews/12/extra', '/Survey/Internal', '/Search/more', '/EN_Nope', '/EN_'])(
    '%s is not found (exact matches only)',
    (path) => {
      expect(match(path).screen).toBe('notFound');
    },
  );

  it('derives every English row from a Chinese one', () => {
    const en = ROUTES.filter((r) => r.lang === 'en');
    expect(en.length).toBe(ROUTES.filter((r) => r.lang === 'zh').length - 2); // `/` and `*` are shared
    for (const def of en) {
      const twin = twinRoute(def);
      expect(twin?.path).toBeDefined();
      expect(toEnglishPath(twin!.path)).toBe(def.path);
      expect(def.pageSize).toBe(twin!.pageSize);
      expect(def.screen).toBe(twin!.screen);
    }
  });

  it('counts channel segments up to the id', () => {
    expect(match('/News/SNews/1').channelDepth).toBe(2);
    expect(match('/Survey/A/B/1').channelDepth).toBe(3);
    expect(match('/Service/Questionnaire/1/result').channelDepth).toBe(2);
    expect(match('/Service/OpenServies/OpenTime').channelDepth).toBe(3);
    expect(match('/').channelDepth).toBe(0);
    expect(match('/Search').channelDepth).toBe(0);
  });

  it('maps paths between the sites', () => {
    expect(toEnglishPath('/News/SNews/12')).toBe('/EN_News/EN_SNews/12');
    expect(toEnglishPath('/Service/Questionnaire/3/result')).toBe('/EN_Service/EN_Questionnaire/3/result');
    expect(toChinesePath('/EN_News/EN_SNews/12')).toBe('/News/SNews/12');
    expect(homePath('zh')).toBe('/');
    expect(homePath('en')).toBe('/EN_Home');
  });
});
