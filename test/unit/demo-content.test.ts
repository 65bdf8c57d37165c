// The demo content generator: deterministic, complete (every channel of a museum site's tree on both
// sites, three pages of every list), well-formed (dates, ids, links between records) and usable
// for the features the portal shows (galleries, the PDF, the video, search keywords, statuses).
import { describe, expect, it } from 'vitest';
import { stripGalleryMarkers } from '../../shared/text.ts';
import { validateMessage } from '../../shared/validation.ts';
import type { SiteLanguage } from '../../shared/wire.ts';
import { demoVisits, generateDemoContent } from '../../cms/db/demo/index.ts';
import { PDF_FILE, PDF_FILE_ZH } from '../../cms/db/demo/articles.ts';
import { DEMO_TODAY } from '../../cms/db/demo/dates.ts';
import { STORE_PATH } from '../../cms/db/demo/file-store.ts';
import { demoFiles } from '../../cms/db/demo/files.ts';
import { specForFile } from '../../cms/db/demo/image-pool.ts';
import type { DemoContent } from '../../cms/db/demo/types.ts';

/** A store path as deployed services store it: relative, no leading slash, no `/file/`. */
const STORE = /^YUNXI_BWG\/CMS\/[A-Z_]+\/\d{8}\/[0-9a-f]{32}\.(jpg|pdf|mp4|webm|glb)$/;
/** Vendor dictionary codes of the demo's MESSAGE_TYPE dictionary, in order. */
const MESSAGE_TYPES = ['cms1101', 'cms1102', 'cms1103', 'cms1104'];

const content = generateDemoContent();
const SITES: SiteLanguage[] = ['CN', 'EN'];
const no = (channelNo: string, site: SiteLanguage): string => (site === 'EN' ? `EN_${channelNo}` : channelNo);

/** The channel numbers of a museum site's tree, written out here so the test can disagree with the generator. */
const MAP_CHANNELS: Record<string, string> = {
  Home: '',
  Survey: '',
  Introduction: 'Survey',
  Leader: 'Survey',
  Organization: 'Survey',
  frzl: 'Survey',
  Honor: 'Survey',
  History: 'Survey',
  News: '',
  SNews: 'News',
  Media: 'News',
  Notice: 'News',
  Service: '',
  OpenServies: 'Service',
  OpenTime: 'OpenServies',
  Guide: 'OpenServies',
  Traffic: 'OpenServies',
  LeaveWord: 'OpenServies',
  Shopping: 'Service',
  Questionnaire: 'Service',
  Exhibition: '',
  BaseExh: 'Exhibition',
  TempExh: 'Exhibition',
  DigitalExh: 'Exhibition',
  Collection: '',
  PreciousCol: 'Collection',
  GMWW: 'Collection',
  ExcellentCol: 'Collection',
  ColLevy: 'Collection',
  DonationSystem: 'ColLevy',
  DonationList: 'ColLevy',
  Research: '',
  AcademicCommittee: 'Research',
  Achievements: 'Research',
  Read: 'Research',
  PublishedBooks: 'Research',
  Education: '',
  Reception: 'Education',
  Activity: 'Education',
  Volunteer: 'Education',
  VolAct: 'Volunteer',
  VolRecruit: 'Volunteer',
  Lecture: 'Education',
};

/** The site's page sizes of the article lists. */
const ARTICLE_LISTS: Record<string, number> = {
  Introduction: 10,
  Leader: 6,
  Organization: 10,
  frzl: 10,
  Honor: 10,
  History: 6,
  SNews: 6,
  Media: 6,
  Notice: 10,
  OpenTime: 10,
  Guide: 10,
  Traffic: 10,
  Shopping: 6,
  DigitalExh: 6,
  ExcellentCol: 12,
  DonationSystem: 6,
  DonationList: 6,
  AcademicCommittee: 10,
  Achievements: 6,
  Read: 8,
  PublishedBooks: 8,
  Reception: 6,
  VolAct: 6,
  VolRecruit: 6,
  Lecture: 6,
};

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function isRealDateTime(value: string): boolean {
  const m = DATE_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const t = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0));
  return (
    t.getUTCFullYear() === y && t.getUTCMonth() + 1 === mo && t.getUTCDate() === d && (h ?? 99) < 24 && (mi ?? 99) < 60 && (s ?? 99) < 60
  );
}

/** Every date-like field of every record, with where it came from. */
function dateFields(c: DemoContent): Array<{ where: string; value: string | null }> {
  const out: Array<{ where: string; value: string | null }> = [];
  const walk = (value: unknown, where: string): void => {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if ((typeof v === 'string' || v === null) && /(Time|Date)$/.test(k)) out.push({ where: `${where}.${k}`, value: v });
        else walk(v, `${where}.${k}`);
      }
    }
  };
  walk(c, 'content');
  return out;
}

describe('demo content: determinism', () => {
  it('gives the same content for the same seed and different content for another seed', () => {
    expect(generateDemoContent()).toEqual(content);
    expect(generateDemoContent(20180501)).toEqual(content);
    const other = generateDemoContent(7);
    expect(other.articles.map((a) => a.title)).not.toEqual(content.articles.map((a) => a.title));
  });
});

describe('demo content: channel tree', () => {
  it.each(SITES)('has every channel of the site tree with its parent on the %s site', (site) => {
    const channels = content.channels.filter((c) => c.site === site);
    for (const [channelNo, parent] of Object.entries(MAP_CHANNELS)) {
      const channel = channels.find((c) => c.channelNo === no(channelNo, site));
      expect(channel, `${site} ${channelNo}`).toBeDefined();
      expect(channel?.parent).toBe(parent ? no(parent, site) : '');
    }
  });

  it('has English names on the English site and Chinese ones on the Chinese site', () => {
    const name = (channelNo: string): string | undefined => content.channels.find((c) => c.channelNo === channelNo)?.channelName;
    expect(name('Survey')).toBe('博物馆概况');
    expect(name('LeaveWord')).toBe('观众留言');
    expect(name('EN_Survey')).toBe('About');
    expect(content.channels.filter((c) => c.site === 'EN').every((c) => !/[\u4e00-\u9fa5]/.test(c.channelName))).toBe(true);
  });

  it.each(SITES)('marks home, one hidden channel and one external link on the %s site', (site) => {
    const channels = content.channels.filter((c) => c.site === site);
    expect(channels.filter((c) => c.isHome).map((c) => c.channelNo)).toEqual([no('Home', site)]);
    expect(channels.filter((c) => !c.isVisible)).toHaveLength(1);
    const external = channels.filter((c) => /^https:\/\//.test(c.linkUrl));
    expect(external).toHaveLength(1);
    expect(channels.filter((c) => !/^https:\/\//.test(c.linkUrl)).every((c) => c.linkUrl === '/')).toBe(true);
    const tops = channels.filter((c) => c.parent === '' && !c.isHome);
    expect(tops.length).toBe(7);
    for (const top of tops) expect(top.bannerPhotoPath).toMatch(STORE);
    expect(channels.filter((c) => c.parent !== '').every((c) => c.bannerPhotoPath === null)).toBe(true);
  });

  it.each(SITES)('makes its hidden channel unlisted public material, and says "staff only" nowhere on the %s site', (site) => {
    // A public content service answers anyone who asks: hiding a channel keeps it out of navigation only.
    const hidden = content.channels.filter((c) => c.site === site && !c.isVisible);
    const restricted = /内部|仅供|工作人员参考|不对外|staff only|for staff|internal|confidential|not for (?:the )?public/i;
    const channelsOfSite = new Set(content.channels.filter((c) => c.site === site).map((c) => c.channelNo));
    for (const a of content.articles.filter((r) => channelsOfSite.has(r.channelNo)))
      expect(`${a.title} ${a.content}`, a.title).not.toMatch(restricted);
    for (const c of hidden) expect(`${c.channelName} ${c.description}`).not.toMatch(restricted);
    expect(hidden.map((c) => c.channelNo)).toEqual([no('PressKit', site)]);
    expect(content.articles.filter((a) => a.channelNo === no('PressKit', site)).length).toBeGreaterThan(0);
  });

  it('orders siblings by distinct sort values and keeps ids and numbers unique', () => {
    const ids = content.channels.map((c) => c.channelId);
    expect(new Set(ids).size).toBe(ids.length);
    const nos = content.channels.map((c) => c.channelNo);
    expect(new Set(nos).size).toBe(nos.length);
    const byParent = new Map<string, number[]>();
    for (const c of content.channels) byParent.set(`${c.site}/${c.parent}`, [...(byParent.get(`${c.site}/${c.parent}`) ?? []), c.sort]);
    for (const sorts of byParent.values()) expect(new Set(sorts).size).toBe(sorts.length);
    const cnTop = content.channels.filter((c) => c.site === 'CN' && c.parent === '').sort((a, b) => a.sort - b.sort);
    expect(cnTop.map((c) => c.channelNo)).toEqual([
      'Home',
      'Survey',
      'News',
      'Service',
      'Exhibition',
      'Collection',
      'Research',
      'Education',
    ]);
  });
});

describe('demo content: three pages of every list', () => {
  const atLeastThreePages = (count: number, pageSize: number): boolean => Math.ceil(count / pageSize) >= 3;

  it.each(SITES)('fills every article list on the %s site', (site) => {
    for (const [channelNo, pageSize] of Object.entries(ARTICLE_LISTS)) {
      const count = content.articles.filter((a) => a.channelNo === no(channelNo, site)).length;
      expect(atLeastThreePages(count, pageSize), `${site} ${channelNo}: ${count} records at ${pageSize} per page`).toBe(true);
    }
  });

  it.each(SITES)('fills exhibitions, collections and activities on the %s site', (site) => {
    const mine = <T extends { languageType: SiteLanguage }>(rows: T[]): T[] => rows.filter((r) => r.languageType === site);
    expect(atLeastThreePages(mine(content.exhibitionBases).length, 6)).toBe(true);
    expect(atLeastThreePages(mine(content.exhibitionTemps).length, 6)).toBe(true);
    expect(atLeastThreePages(mine(content.exhibits).filter((e) => e.isTreasure).length, 12)).toBe(true);
    expect(atLeastThreePages(mine(content.exhibits).filter((e) => e.generalType === 'GMWW').length, 12)).toBe(true);
    expect(atLeastThreePages(mine(content.activities).length, 6)).toBe(true);
  });

  it('has at least 25 published messages, with and without replies', () => {
    const published = content.messages.filter((m) => m.isPublished);
    expect(published.length).toBeGreaterThanOrEqual(25);
    expect(published.some((m) => m.replyMessage !== null)).toBe(true);
    expect(published.some((m) => m.replyMessage === null && m.replyTime === null)).toBe(true);
    for (const m of published) expect(validateMessage(m), m.content).toEqual([]);
    expect(new Set(content.messages.map((m) => m.type))).toEqual(new Set(MESSAGE_TYPES));
    // What a visitor left out is missing, some messages carry the museum's orgId.
    expect(content.messages.some((m) => m.phoneNumber !== null) && content.messages.some((m) => m.phoneNumber === null)).toBe(true);
    expect(content.messages.some((m) => m.orgId) && content.messages.some((m) => m.orgId === null)).toBe(true);
  });
});

describe('demo content: well-formed records', () => {
  it('writes every date as a real YYYY-MM-DD HH:mm:ss (null only where a record has none)', () => {
    const fields = dateFields(content);
    expect(fields.length).toBeGreaterThan(1000);
    const bad = fields.filter((f) => (f.value === null ? false : !isRealDateTime(f.value)));
    expect(bad).toEqual([]);
    const missing = fields.filter((f) => f.value === null).map((f) => f.where.replace(/\[\d+\]/g, '[]'));
    // Permanent exhibitions have no end; unanswered messages no reply time; records never edited no update time.
    expect(new Set(missing)).toEqual(
      new Set([
        'content.exhibitionBases[].endTime',
        'content.messages[].replyTime',
        ...['articles', 'exhibitionBases', 'exhibitionTemps', 'exhibits', 'activities'].map((k) => `content.${k}[].updateTime`),
      ]),
    );
    // Nobody edits a record before creating it, and the demo's clock stops at DEMO_TODAY.
    for (const r of [...content.articles, ...content.exhibits, ...content.activities]) {
      expect(r.createTime! <= (r.updateTime ?? r.createTime!)).toBe(true);
      expect(r.createTime!.slice(0, 10) <= DEMO_TODAY).toBe(true);
    }
    for (const a of content.articles) expect(a.createTime! < a.publishDate).toBe(true);
  });

  it('never uses placeholder text', () => {
    expect(JSON.stringify(content)).not.toMatch(/lorem|ipsum|TODO|undefined|\{[a-zA-Z]+\}/i);
  });

  it('keeps ids unique per entity type across both sites', () => {
    const unique = (values: number[]): void => expect(new Set(values).size).toBe(values.length);
    unique(content.articles.map((a) => a.archivesId));
    unique(content.exhibitionBases.map((b) => b.exhibitionBaseId));
    unique(content.exhibitionTemps.map((t) => t.exhibitionTempId));
    unique(content.exhibitTypes.map((t) => t.exhibitTypeId));
    unique(content.exhibits.map((e) => e.exhibitId));
    unique(content.activities.map((a) => a.activityId));
    unique(content.files.map((f) => f.fileInfoId));
    unique(content.dictionaries.map((d) => d.dictionaryId));
    unique(content.messages.map((m) => m.messageId));
    unique(content.questionnaires.map((q) => q.questionnaireId));
    unique(content.questionnaires.flatMap((q) => q.details.map((d) => d.questionId)));
    unique(content.questionnaires.flatMap((q) => q.details.flatMap((d) => d.answers.map((a) => a.answerId))));
    unique(content.sliders.map((s) => s.id));
    const groups = [
      ...content.articles,
      ...content.exhibitionBases,
      ...content.exhibitionTemps,
      ...content.exhibits,
      ...content.activities,
    ].map((r) => r.groupId);
    expect(new Set(groups).size).toBe(groups.length);
  });

  it('links articles to existing channels and files to existing records', () => {
    const channels = new Map(content.channels.map((c) => [c.channelNo, c]));
    for (const a of content.articles) {
      const channel = channels.get(a.channelNo);
      expect(channel?.channelId).toBe(a.channelId);
      expect(a.parentChannelNo).toBe(channel?.parent);
    }
    const articleGroups = new Set(content.articles.map((a) => a.groupId));
    const exhibitGroups = new Set(content.exhibits.map((e) => e.groupId));
    for (const f of content.files) {
      expect(f.code === 'CMS_EXHIBIT_INFO_DISPLAY' ? exhibitGroups.has(f.objectId) : articleGroups.has(f.objectId), f.filePath).toBe(true);
    }
    const exhibitIds = new Set(content.exhibits.map((e) => e.exhibitId));
    const tempGroups = new Set(content.exhibitionTemps.map((t) => t.groupId));
    for (const link of content.tempExhibits) {
      expect(exhibitIds.has(link.exhibitId)).toBe(true);
      expect(tempGroups.has(link.groupId)).toBe(true);
    }
  });

  it('refers to files by store path only, and only to files it can write', () => {
    const text = JSON.stringify(content);
    expect(text).not.toContain('/file/');
    expect(text).not.toMatch(/"\/YUNXI_BWG|src=\\"\/|href=\\"\//);
    const files = demoFiles(content);
    expect(files.every((f) => STORE.test(f.path))).toBe(true);
    const known = new Set(files.map((f) => f.path));
    for (const path of text.match(STORE_PATH) ?? []) expect(known.has(path), path).toBe(true);
    // The policy in each language: the Chinese article attaches the Chinese PDF.
    expect(files.filter((f) => f.kind === 'pdf')).toHaveLength(2);
    expect(files.filter((f) => f.kind === 'video')).toHaveLength(2);
    expect(files.filter((f) => f.kind === 'model').length).toBeGreaterThanOrEqual(1);
    // Each pool picture is stored under the folder of each kind of record that uses it.
    const images = files.filter((f) => f.kind === 'image');
    expect(images.length).toBeGreaterThanOrEqual(100);
    expect(new Set(images.map((f) => f.path.split('/')[2]))).toEqual(
      new Set([
        'CMS_ARCHIVES_IMG',
        'CMS_ARCHIVES_APP_IMG',
        'CMS_CHANNEL_IMG',
        'CMS_EXHIBITION_BASE_IMG',
        'CMS_EXHIBITION_TEMP_IMG',
        'CMS_EXHIBITION_APP_IMG',
        'CMS_EXHIBIT_INFO_IMG',
        'CMS_EXHIBIT_INFO_APP_IMG',
        'CMS_EXHIBIT_INFO_DISPLAY',
        'CMS_EXHIBIT_TYPE_IMG',
        'CMS_ACTIVITY_IMG',
        'CMS_ACTIVITY_APP_IMG',
        'CMS_GALLERY_IMG',
      ]),
    );
  });

  it('leaves optional fields missing (null) on some records and filled on others', () => {
    const mix = <T>(rows: T[], pick: (r: T) => unknown): void => {
      expect(
        rows.some((r) => pick(r) === null),
        String(pick),
      ).toBe(true);
      expect(
        rows.some((r) => pick(r) !== null && pick(r) !== ''),
        String(pick),
      ).toBe(true);
    };
    mix(content.exhibits, (x) => x.exhibitLevel);
    mix(content.exhibits, (x) => x.modelUrl);
    mix(content.exhibits, (x) => x.explanationWord);
    mix(content.exhibits, (x) => x.collectionUnit);
    mix(content.exhibits, (x) => x.appThumb);
    mix(content.articles, (a) => a.source);
    mix(content.articles, (a) => a.linkUrl);
    mix(content.articles, (a) => a.subTitle);
    mix(content.articles, (a) => a.thumbAppImg);
    mix(content.articles, (a) => a.extension1);
    mix(content.exhibitionTemps, (t) => t.linkUrl);
    mix(content.exhibitionBases, (b) => b.appThumb);
    mix(content.activities, (a) => a.linkUrl);
    mix(content.messages, (m) => m.replyMessage);
    mix(content.questionnaires, (q) => q.subTitle);
    mix(content.articles, (a) => a.updateTime);
    mix(content.exhibits, (x) => x.createBy);
    // Nothing is an empty string where a value is missing.
    const empties = Object.entries(content).flatMap(([k, rows]) =>
      (rows as Array<Record<string, unknown>>).flatMap((r) =>
        Object.entries(r)
          .filter(([f, v]) => v === '' && f !== 'parent' && f !== 'parentChannelNo')
          .map(([f]) => `${k}.${f}`),
      ),
    );
    expect(new Set(empties)).toEqual(new Set());
  });
});

describe('demo content: what the portal shows', () => {
  it.each(SITES)('publishes %s articles both before and after 2024-03-01', (site) => {
    const dates = content.articles.filter((a) => a.channelNo.startsWith('EN_') === (site === 'EN')).map((a) => a.publishDate);
    expect(dates.filter((d) => d < '2024-03-01').length).toBeGreaterThan(50);
    expect(dates.filter((d) => d > '2024-03-02').length).toBeGreaterThan(50);
  });

  it('gives several articles an image gallery marked in the body, a marker the portal strips', () => {
    const galleryGroups = new Set(content.files.filter((f) => f.code === 'CMS_ARCHIVES_IMG').map((f) => f.objectId));
    const marked = content.articles.filter((a) => a.content.includes('<p>[gallery]</p>'));
    expect(marked.length).toBeGreaterThanOrEqual(6);
    expect(new Set(marked.map((a) => a.groupId))).toEqual(galleryGroups);
    for (const a of marked) {
      const images = content.files.filter((f) => f.objectId === a.groupId && f.code === 'CMS_ARCHIVES_IMG');
      expect(images.length).toBeGreaterThanOrEqual(4);
      expect(stripGalleryMarkers(a.content)).not.toContain('[gallery]');
      expect(stripGalleryMarkers(a.content)).toBe(a.content.replaceAll('<p>[gallery]</p>', ''));
    }
  });

  it.each(SITES)('has one %s article whose first attachment is the PDF', (site) => {
    const attachments = content.files.filter((f) => f.code === 'CMS_ARCHIVES_FILE');
    const withPdf = content.articles.filter(
      (a) => a.channelNo.startsWith('EN_') === (site === 'EN') && attachments.find((f) => f.objectId === a.groupId)?.fileSuffix === 'pdf',
    );
    expect(withPdf).toHaveLength(1);
    expect(withPdf[0]?.channelNo).toBe(no('DonationSystem', site));
  });

  it.each(SITES)('has one %s article with a video in its body', (site) => {
    const withVideo = content.articles.filter((a) => a.channelNo.startsWith('EN_') === (site === 'EN') && a.content.includes('<video'));
    expect(withVideo).toHaveLength(1);
    expect(withVideo[0]?.content).toMatch(/<source src="YUNXI_BWG\/CMS\/CMS_ARCHIVES_VIDEO\/\d{8}\/[0-9a-f]{32}\.mp4" type="video\/mp4">/);
    expect(withVideo[0]?.content).toMatch(/poster="YUNXI_BWG\/CMS\/CMS_ARCHIVES_IMG\//);
  });

  it('gives every ExcellentCol article and some other records their own external link', () => {
    const excellent = content.articles.filter((a) => a.channelNo === 'ExcellentCol' || a.channelNo === 'EN_ExcellentCol');
    expect(excellent.every((a) => /^https:\/\//.test(a.linkUrl ?? ''))).toBe(true);
    const others = content.articles.filter((a) => !a.channelNo.endsWith('ExcellentCol') && /^https:\/\//.test(a.linkUrl ?? ''));
    expect(others.length).toBeGreaterThanOrEqual(4);
    expect(content.exhibitionTemps.some((t) => /^https:\/\//.test(t.linkUrl ?? ''))).toBe(true);
  });

  it('makes Chinese search meaningful: common keywords in titles, short and long keywords in titles and bodies', () => {
    const cn = content.articles.filter((a) => !a.channelNo.startsWith('EN_'));
    for (const word of ['青铜', '瓷器', '书画', '展览', '文物', '志愿者']) {
      expect(cn.filter((a) => a.title.includes(word)).length, word).toBeGreaterThanOrEqual(3);
    }
    for (const word of ['青铜', '瓷器', '书画', '青铜文明', '丝绸之路', '革命文物', '宋代名窑']) {
      expect(
        cn.filter((a) => a.title.includes(word) && a.content.replace(/<[^>]+>/g, '').includes(word)).length,
        word,
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it('writes real prose in the language of each site', () => {
    const en = content.articles.filter((a) => a.channelNo.startsWith('EN_'));
    const cn = content.articles.filter((a) => !a.channelNo.startsWith('EN_'));
    expect(en.every((a) => !/[\u4e00-\u9fa5]/.test(a.title + a.content))).toBe(true);
    expect(cn.every((a) => /[\u4e00-\u9fa5]{10}/.test(a.content))).toBe(true);
    expect(cn.some((a) => /<h3>/.test(a.content)) && cn.some((a) => /<img src="YUNXI_BWG\/CMS\/CMS_ARCHIVES_IMG\//.test(a.content))).toBe(
      true,
    );
    for (const a of content.articles) expect([...(a.description ?? '')].length).toBeLessThanOrEqual(200);
  });

  it.each(SITES)('shows %s exhibitions and exhibits with the fields their screens need', (site) => {
    const bases = content.exhibitionBases.filter((b) => b.languageType === site);
    for (const b of bases) {
      for (const v of [b.extension1, b.extension2]) {
        expect(v).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(v)).toBeGreaterThan(0);
        expect(Number(v)).toBeLessThan(100);
      }
    }
    const temps = content.exhibitionTemps.filter((t) => t.languageType === site);
    const today = `${DEMO_TODAY} 12:00:00`;
    expect(temps.every((t) => t.endTime !== null)).toBe(true);
    expect(temps.filter((t) => t.endTime! < today).length).toBeGreaterThanOrEqual(3);
    expect(temps.filter((t) => t.startTime <= today && t.endTime! >= today).length).toBeGreaterThanOrEqual(2);
    expect(temps.filter((t) => t.startTime > today).length).toBeGreaterThanOrEqual(2);

    const types = new Set(content.exhibitTypes.filter((t) => t.languageType === site).map((t) => t.typeNo));
    const exhibits = content.exhibits.filter((e) => e.languageType === site);
    for (const e of exhibits) {
      expect(types.has(e.exhibitType)).toBe(true);
      // A `;`-list of store paths, the first the picture to show.
      const thumbs = (e.thumb ?? '').split(';');
      expect(thumbs.every((t) => STORE.test(t) && t.includes('/CMS_EXHIBIT_INFO_IMG/'))).toBe(true);
      expect(thumbs.length).toBeGreaterThanOrEqual(1);
      expect(thumbs.length).toBeLessThanOrEqual(4);
      expect(e.age).not.toBe('');
      expect(e.size).toMatch(site === 'CN' ? /厘米/ : /cm/);
    }
    // Some objects have a second, closer view of themselves (never a picture of another object).
    expect(exhibits.filter((e) => (e.thumb ?? '').includes(';')).length).toBeGreaterThanOrEqual(10);
    expect(exhibits.some((e) => !(e.thumb ?? '').includes(';'))).toBe(true);
    // Levels are vendor codes of EXHIBIT_LEVEL; ungraded objects have none.
    expect(new Set(exhibits.map((e) => e.exhibitLevel))).toEqual(new Set(['cms0801', 'cms0802', 'cms0803', null]));
    // 3D models: a file in the store or the museum's own viewer.
    const models = exhibits.map((e) => e.modelUrl).filter((m): m is string => m !== null);
    expect(models.some((m) => STORE.test(m) && m.endsWith('.glb')) && models.some((m) => /^https:\/\//.test(m))).toBe(true);
    // Temporary exhibitions' categories are vendor codes of EXHIBITION_CATEGORY.
    expect(temps.every((t) => /^cms070\d$/.test(t.extension1 ?? ''))).toBe(true);
    for (const t of temps) expect(content.tempExhibits.filter((l) => l.groupId === t.groupId).length).toBeGreaterThanOrEqual(3);
  });

  it('gives activities reservation windows, age ranges, known types and every status', () => {
    const types = new Set(content.dictionaries.filter((d) => d.dictionaryCode === 'ACTIVITY_TYPE').map((d) => d.dictionaryValue));
    for (const a of content.activities) {
      expect(types.has(a.activityType)).toBe(true);
      expect(a.reserveStartTime! <= a.reserveEndTime!).toBe(true);
      expect(a.reserveEndTime! <= a.startTime).toBe(true);
      expect(a.startTime < a.endTime).toBe(true);
      expect(a.minAge).toBeLessThan(a.maxAge);
    }
    for (const field of ['reserveType', 'reserveStatus', 'activityStatus'] as const) {
      expect(new Set(content.activities.map((a) => a[field]))).toEqual(new Set([0, 1, 2, 3]));
    }
  });

  it('has dictionaries of vendor codes for message types, activity types, exhibit levels and exhibition categories', () => {
    const values = (code: string): string[] => content.dictionaries.filter((d) => d.dictionaryCode === code).map((d) => d.dictionaryValue);
    const names = (code: string): string[] =>
      content.dictionaries.filter((d) => d.dictionaryCode === code).map((d) => `${d.dictionaryName}/${d.dictionaryNameEn}`);
    expect(values('MESSAGE_TYPE')).toEqual(MESSAGE_TYPES);
    expect(names('MESSAGE_TYPE')).toEqual(['咨询/Enquiry', '建议/Suggestion', '表扬/Praise', '投诉/Complaint']);
    expect(values('ACTIVITY_TYPE')).toEqual(['TRM0301', 'TRM0302', 'TRM0303', 'TRM0304', 'TRM0305']);
    expect(values('EXHIBIT_LEVEL')).toEqual(['cms0801', 'cms0802', 'cms0803']);
    expect(values('EXHIBITION_CATEGORY')).toEqual(['cms0701', 'cms0702', 'cms0703', 'cms0704']);
    expect(content.dictionaries.every((d) => d.dictionaryName !== '' && d.dictionaryNameEn !== '')).toBe(true);
    // Records use the codes.
    expect(new Set(content.activities.map((a) => a.activityType)).size).toBeGreaterThanOrEqual(4);
    expect(content.activities.every((a) => values('ACTIVITY_TYPE').includes(a.activityType))).toBe(true);
  });

  it.each(SITES)('has %s questionnaires open and closed, with every kind of question and shuffled sort', (site) => {
    const list = content.questionnaires.filter((q) => q.languageType === site);
    const now = `${DEMO_TODAY} 12:00:00`;
    expect(list.some((q) => q.startTime <= now && q.endTime >= '2030-01-01 00:00:00')).toBe(true);
    expect(list.some((q) => q.endTime < now)).toBe(true);
    const details = list.flatMap((q) => q.details);
    expect(details.some((d) => d.isSingle) && details.some((d) => !d.isSingle)).toBe(true);
    expect(details.some((d) => d.isOther)).toBe(true);
    expect(details.some((d) => d.isRequired) && details.some((d) => !d.isRequired)).toBe(true);
    for (const q of list) expect(q.details.map((d) => d.sort)).not.toEqual([...q.details.map((d) => d.sort)].sort((a, b) => a - b));
    for (const d of details) {
      expect(d.answers.length).toBeGreaterThanOrEqual(2);
      expect(d.answers.every((a) => a.selectCount === 0 && a.percent === 0)).toBe(true);
    }
  });

  it('has five slider items for each home page', () => {
    for (const place of ['home', 'EN_home']) {
      const items = content.sliders.filter((s) => s.place === place);
      expect(items).toHaveLength(5);
      expect(items.every((s) => STORE.test(s.filePath) && s.filePath.includes('/CMS_GALLERY_IMG/') && s.title !== '')).toBe(true);
    }
    expect(content.sliders.filter((s) => s.place === 'EN_home').every((s) => (s.linkUrl ?? '').startsWith('/EN_'))).toBe(true);
    // A slide that leads to a record names it by its wire id (what the portal's routes hold).
    const toTemp = content.sliders.filter((s) => /TempExh\//.test(s.linkUrl ?? ''));
    expect(toTemp.length).toBeGreaterThanOrEqual(2);
    for (const s of toTemp) expect(s.linkUrl).toMatch(/TempExh\/[0-9a-f]{32}$/);
  });
});

describe('demo content: coherent where visitors notice', () => {
  const captionOf = (path: string, site: SiteLanguage): string => {
    const spec = specForFile(path);
    return (site === 'EN' ? spec?.captionEn : spec?.caption) ?? '';
  };

  it('shows every exhibit only pictures captioned with its own name', () => {
    for (const e of content.exhibits) {
      const site = e.languageType as SiteLanguage;
      const shown = [...(e.thumb ?? '').split(';'), ...content.files.filter((f) => f.objectId === e.groupId).map((f) => f.filePath)];
      for (const path of shown) expect(captionOf(path, site), `${e.exhibitName}: ${path}`).toContain(e.exhibitName);
      for (const f of content.files.filter((x) => x.objectId === e.groupId)) expect(f.description ?? '').toContain(e.exhibitName);
    }
  });

  it('keeps revolutionary relics modern (1840–1949) and shows them in revolutionary exhibitions only with their kind', () => {
    const relics = content.exhibits.filter((e) => e.generalType === 'GMWW');
    expect(relics.length).toBeGreaterThanOrEqual(27);
    for (const r of relics) {
      const year = Number(/(\d{4})/.exec(r.age ?? '')?.[1]);
      expect(year, r.exhibitName).toBeGreaterThanOrEqual(1840);
      expect(year, r.exhibitName).toBeLessThanOrEqual(1949);
      expect(r.extension6 ?? '').not.toMatch(/出土|Excavated/);
    }
    const byId = new Map(content.exhibits.map((e) => [e.exhibitId, e]));
    for (const t of content.exhibitionTemps.filter((x) => /革命|Revolutionary/.test(x.tempName))) {
      for (const l of content.tempExhibits.filter((x) => x.groupId === t.groupId)) expect(byId.get(l.exhibitId)?.generalType).toBe('GMWW');
    }
  });

  it('never dates a blue-and-white or famille-rose piece before those wares existed', () => {
    for (const e of content.exhibits.filter((x) => x.languageType === 'CN')) {
      if (/青花|粉彩|釉里红/.test(e.exhibitName)) expect(e.age ?? '', e.exhibitName).not.toMatch(/^(唐|北宋|南宋)$/);
    }
  });

  it('pictures the object an article title names, never another one', () => {
    for (const a of content.articles) {
      const site: SiteLanguage = a.channelNo.startsWith('EN_') ? 'EN' : 'CN';
      if (!a.thumbImg) continue;
      const spec = specForFile(a.thumbImg);
      const named = content.exhibits.filter((e) => e.languageType === site && a.title.includes(e.exhibitName));
      if (named.length && spec?.shape === 'square') {
        expect(
          named.some((e) => captionOf(a.thumbImg!, site).includes(e.exhibitName)),
          `${a.title} shows ${captionOf(a.thumbImg, site)}`,
        ).toBe(true);
      }
    }
    // A case in point: the wheelbarrow article is not pictured by a lamp.
    expect(content.articles.some((a) => a.title.includes('独轮车') && specForFile(a.thumbImg ?? '')?.slug === 'revolution-lamp')).toBe(
      false,
    );
  });

  it('dates opening news on the exhibition’s opening, never after it closed', () => {
    for (const a of content.articles.filter((x) => /开幕|正式对公众开放|Opens at|Now Open/.test(x.title))) {
      const site = a.channelNo.startsWith('EN_') ? 'EN' : 'CN';
      const t = content.exhibitionTemps.find((x) => x.languageType === site && a.title.includes(x.tempName));
      expect(t, a.title).toBeDefined();
      expect(a.publishDate.slice(0, 10) <= t!.endTime!.slice(0, 10)).toBe(true);
      expect(Math.abs(new Date(a.publishDate.slice(0, 10)).getTime() - new Date(t!.startTime.slice(0, 10)).getTime())).toBeLessThanOrEqual(
        3 * 86_400_000,
      );
    }
  });

  it('dates holiday notices shortly before the holiday they announce', () => {
    const months: Record<string, number[]> = {
      清明节: [3, 4],
      劳动节: [4, 5],
      国庆节: [9, 10],
      元旦: [12, 1],
      春节: [1, 2],
      端午节: [5, 6],
      中秋节: [8, 9, 10],
      暑假: [6, 7],
    };
    for (const a of content.articles.filter((x) => ['Notice', 'OpenTime'].includes(x.channelNo))) {
      for (const [holiday, allowed] of Object.entries(months)) {
        if (!a.title.includes(holiday)) continue;
        expect(allowed, `${a.title} on ${a.publishDate}`).toContain(Number(a.publishDate.slice(5, 7)));
        const year = /(\d{4})年/.exec(a.title)?.[1];
        if (year && holiday !== '元旦') expect(a.publishDate.slice(0, 4)).toBe(year);
      }
    }
  });

  it('writes no sample labels and attaches the policy in the language of the site', () => {
    const text = JSON.stringify(content);
    expect(text).not.toMatch(/示例|（示例|\(example\)|sample number/);
    for (const site of SITES) {
      const a = content.articles.find((x) => x.channelNo === no('DonationSystem', site) && x.content.includes('.pdf'));
      const pdf = content.files.find((f) => f.objectId === a?.groupId && f.fileSuffix === 'pdf');
      expect(pdf?.filePath).toBe(site === 'EN' ? PDF_FILE : PDF_FILE_ZH);
      expect(a?.content).toContain(pdf!.filePath);
    }
  });

  it('gives every leader a portrait of their own, captioned with their name', () => {
    for (const site of SITES) {
      const leaders = content.articles.filter((a) => a.channelNo === no('Leader', site));
      expect(new Set(leaders.map((a) => a.thumbImg)).size).toBe(leaders.length);
      for (const a of leaders) expect(captionOf(a.thumbImg ?? '', site)).toBe(a.title);
    }
  });
});

describe('demo visit history', () => {
  it('gives the home statistics a believable, deterministic history before the seeding day', () => {
    const v = demoVisits('2026-11-23');
    expect(demoVisits('2026-11-23')).toEqual(v);
    const recent = v.daily.filter((d) => d.day >= '2026-10-24');
    expect(recent).toHaveLength(30);
    expect(recent.every((d) => d.pv > 50)).toBe(true);
    expect(new Set(recent.map((d) => d.pv)).size).toBeGreaterThan(20);
    expect(v.daily.every((d) => d.day < '2026-11-23')).toBe(true);
    expect(v.daily.reduce((s, d) => s + d.pv, 0)).toBeGreaterThan(100_000);
    const perDay = new Set(v.visitors.filter((x) => x.day >= '2026-10-24').map((x) => x.visitor)).size;
    expect(perDay).toBeGreaterThan(1000);
  });
});
