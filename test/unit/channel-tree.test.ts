// Channel paths, links, the menu (hidden channels out), what a page sends to the browser (the listed
// tree, plus its own chain inside a hidden channel) and the active channel by path segments.
import { describe, expect, it } from 'vitest';
import {
  buildChannelTree,
  channelChain,
  isActiveChannel,
  isUnlistedChain,
  menuTree,
  pageTree,
  pathSegments,
  type ChannelNode,
} from '../../shared/channels.ts';
import { EN_TREE, ZH_TREE, channel } from './fixtures/page-engine-fixture.ts';

const tree = buildChannelTree(ZH_TREE);
const find = (path: string) => channelChain(tree, path).at(-1)!;
/** Where a channel at `path` whose record links to `linkUrl` takes the visitor, and whether that is another site. */
const hrefOf = (linkUrl: string, path: string) => {
  const cut = path.lastIndexOf('/');
  const [node] = buildChannelTree([channel(path.slice(cut + 1), '频道', [], { linkUrl })], path.slice(0, cut));
  return { href: node!.href, external: node!.external };
};

describe('channel paths', () => {
  it('is the parent path plus the route segment, at every level', () => {
    expect(find('/News').path).toBe('/News');
    expect(find('/News/SNews').path).toBe('/News/SNews');
    expect(find('/Service/OpenServies/Guide').path).toBe('/Service/OpenServies/Guide');
    expect(buildChannelTree(EN_TREE)[1]!.children[0]!.path).toBe('/EN_News/EN_SNews');
  });

  it('links external http(s) channels out, root links to the path, absolute links as given', () => {
    expect(hrefOf('https://vr.example-museum.cn/', '/Exhibition/VRTour')).toEqual({
      href: 'https://vr.example-museum.cn/',
      external: true,
    });
    expect(hrefOf('http://a.example/', '/x')).toEqual({ href: 'http://a.example/', external: true });
    expect(hrefOf('/', '/News/SNews')).toEqual({ href: '/News/SNews', external: false });
    expect(hrefOf('', '/News/SNews')).toEqual({ href: '/News/SNews', external: false });
    expect(hrefOf('/Search', '/News/X')).toEqual({ href: '/Search', external: false });
    expect(find('/Exhibition/VRTour').external).toBe(true);
  });

  it('keeps channels in the service order (sort)', () => {
    expect(tree.map((n) => n.no)).toEqual(['Home', 'Survey', 'News', 'Service', 'Exhibition']);
  });

  it('flags the Home channel', () => {
    expect(tree[0]!.isHome).toBe(true);
    expect(tree[1]!.isHome).toBe(false);
  });
});

describe('menu', () => {
  it('leaves hidden channels out at every level but keeps them in the tree', () => {
    const menu = menuTree(tree);
    const survey = menu.find((n) => n.no === 'Survey')!;
    expect(survey.children.map((c) => c.no)).toEqual(['Introduction']);
    expect(find('/Survey/Internal').no).toBe('Internal');
  });
});

describe("menu of a frozen tree (the server's, kept per cached answer)", () => {
  it('is made once, read-only, and the same menu as of an unfrozen copy', () => {
    const frozen = Object.freeze(buildChannelTree(ZH_TREE).map((n) => Object.freeze(n)));
    const first = menuTree(frozen);
    expect(menuTree(frozen)).toBe(first);
    expect(Object.isFrozen(first[0]!.children)).toBe(true);
    expect(first).toEqual(menuTree(buildChannelTree(ZH_TREE)));
    expect(menuTree(buildChannelTree(ZH_TREE))).not.toBe(menuTree(buildChannelTree(ZH_TREE)));
  });
});

/** Every channel number anywhere in a tree. */
const numbersIn = (nodes: readonly ChannelNode[]): string[] => nodes.flatMap((n) => [n.no, ...numbersIn(n.children)]);

describe('the channels a page sends to the browser', () => {
  // A hidden section with children, beside the fixture's hidden leaf under a listed section.
  const withSection = buildChannelTree([
    ...ZH_TREE,
    channel('Press', '媒体中心', [channel('Kit', '资料包'), channel('Photos', '新闻图片')], { isVisible: false }),
  ]);

  it('is the menu tree on a listed page: no hidden channel at all, and the same frozen tree on every page', () => {
    const frozen = Object.freeze(buildChannelTree(ZH_TREE).map((n) => Object.freeze(n)));
    const sent = pageTree(frozen, '/News/SNews/12');
    expect(numbersIn(sent)).not.toContain('Internal');
    expect(sent).toBe(menuTree(frozen));
    expect(pageTree(frozen, '/')).toBe(sent);
    expect(numbersIn(pageTree(withSection, '/News/SNews'))).not.toContain('Press');
  });

  it("carries a hidden page's own chain, flagged unlisted, so its breadcrumb and title come out as on the server", () => {
    const sent = pageTree(tree, '/Survey/Internal/7');
    expect(channelChain(sent, '/Survey/Internal/7').map((n) => [n.name, n.path, n.visible])).toEqual([
      ['博物馆概况', '/Survey', true],
      ['内部资料', '/Survey/Internal', false],
    ]);
    // Listed siblings stay, and the menu built from what was sent is the listed menu.
    expect(sent.find((n) => n.no === 'Survey')!.children.map((c) => c.no)).toEqual(['Introduction', 'Internal']);
    expect(menuTree(sent)).toEqual(menuTree(tree));
  });

  it("carries no hidden channel beyond that chain: not the other hidden channels, not the hidden section's other children", () => {
    const sent = pageTree(withSection, '/Press/Kit/3');
    expect(numbersIn(sent).filter((no) => !numbersIn(menuTree(withSection)).includes(no))).toEqual(['Press', 'Kit']);
    // Inside a hidden section every channel is unlisted: no tabs name its siblings.
    expect(channelChain(sent, '/Press/Kit').map((n) => [n.no, n.visible])).toEqual([
      ['Press', false],
      ['Kit', false],
    ]);
  });

  it('tells an unlisted chain from a listed one; the visitor-message board is listed', () => {
    expect(isUnlistedChain(channelChain(tree, '/Survey/Internal/7'))).toBe(true);
    expect(isUnlistedChain(channelChain(withSection, '/Press/Photos'))).toBe(true);
    expect(isUnlistedChain(channelChain(tree, '/News/SNews/12'))).toBe(false);
    expect(isUnlistedChain(channelChain(tree, '/Service/OpenServies/Message'))).toBe(false);
  });
});

describe('active channel', () => {
  it('matches by path segments, not by string prefix', () => {
    const news = find('/News');
    expect(isActiveChannel(news, '/News/SNews/12')).toBe(true);
    expect(isActiveChannel(news, '/News')).toBe(true);
    expect(isActiveChannel(news, '/NewsArchive')).toBe(false);
    expect(isActiveChannel(find('/News/SNews'), '/News/Media')).toBe(false);
  });

  it('makes Home active on the home paths only', () => {
    const home = tree[0]!;
    expect(isActiveChannel(home, '/')).toBe(true);
    expect(isActiveChannel(home, '/Home')).toBe(true);
    expect(isActiveChannel(home, '/News')).toBe(false);
  });

  it('marks one top channel of the menu on a page inside the tree and none outside it', () => {
    const activeTop = (path: string) => tree.filter((n) => isActiveChannel(n, path)).map((n) => n.no);
    expect(activeTop('/Service/OpenServies/Guide')).toEqual(['Service']);
    expect(activeTop('/Search')).toEqual([]);
  });

  it('never marks an external channel active', () => {
    expect(isActiveChannel(find('/Exhibition/VRTour'), '/Exhibition/VRTour')).toBe(false);
  });
});

describe('path segments (split once per path)', () => {
  it('gives the same decoded segments every time, for short and long paths, past its bound', () => {
    expect(pathSegments('/News/%E6%96%B0%E9%97%BB/12?x=1#y')).toEqual(['News', '新闻', '12']);
    expect(pathSegments('/News/%E6%96%B0%E9%97%BB/12?x=1#y')).toEqual(['News', '新闻', '12']);
    expect(pathSegments('/bad/%E6%96')).toEqual(['bad', '%E6%96']);
    const long = `/News/${'a'.repeat(300)}`;
    expect(pathSegments(long)).toEqual(['News', 'a'.repeat(300)]);
    expect(pathSegments(long)).toEqual(['News', 'a'.repeat(300)]);
    for (let i = 0; i < 3000; i += 1) expect(pathSegments(`/News/${i}`)).toEqual(['News', String(i)]);
    expect(pathSegments('/News/0')).toEqual(['News', '0']);
  });

  it('hands out segments no caller can change for the next', () => {
    const segments = pathSegments('/Survey/Leader');
    expect(() => (segments as string[]).push('x')).toThrow();
    expect(pathSegments('/Survey/Leader')).toEqual(['Survey', 'Leader']);
  });
});

describe('channel chain', () => {
  it('follows the path down the tree and stops at the first unknown segment', () => {
    expect(channelChain(tree, '/News/SNews/12').map((n) => n.no)).toEqual(['News', 'SNews']);
    expect(channelChain(tree, '/News/Nope').map((n) => n.no)).toEqual(['News']);
    expect(channelChain(tree, '/Service/Guide').map((n) => n.no)).toEqual(['Service']);
    expect(channelChain(tree, '/Service/OpenServies/OpenTime').map((n) => n.no)).toEqual(['Service', 'OpenServies', 'OpenTime']);
  });

  it('names a Message segment 观众留言 (Visitor Messages on the English site), in the tree or not', () => {
    const chain = channelChain(tree, '/Service/OpenServies/Message/5');
    expect(chain.map((n) => [n.no, n.path])).toEqual([
      ['Service', '/Service'],
      ['OpenServies', '/Service/OpenServies'],
      ['Message', '/Service/OpenServies/Message'],
    ]);
    expect(chain.at(-1)!.name).toBe('观众留言');
    expect(channelChain(buildChannelTree(EN_TREE), '/EN_News/EN_Message').at(-1)?.name).toBe('Visitor Messages');
    // A tree that has a Message channel keeps its place but takes the site's name for it (观众留言).
    const named = buildChannelTree([{ channelId: 1, channelNo: 'Message', channelName: '留言', sort: 1, subChannel: [] } as never]);
    expect(channelChain(named, '/Message').map((n) => [n.no, n.name])).toEqual([['Message', '观众留言']]);
    // Only the whole segment counts.
    expect(channelChain(tree, '/Service/Messages').map((n) => n.no)).toEqual(['Service']);
  });
});
