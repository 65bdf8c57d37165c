// Articles of every article-backed channel: titles and bodies composed from the site's lexicon,
// dated over 2019–2026 (both sides of the 2024-03-01 visit-count rule), newest first, plus the
// few special records (galleries, the PDF attachment, the video, external links).
import type { SiteLanguage } from '../../../shared/wire.ts';
import type { PlannedChannel } from './channels.ts';
import { addDays, at, daysBetween } from './dates.ts';
import { isOn, lastEvent, lastHoliday, nextEvent, nextHoliday, SHOWINGS, type Occasion, type Showing } from './calendar.ts';
import { storePath } from './file-store.ts';
import { groupId, type Counter } from './ids.ts';
import { caption, imagePath, leaderPortrait, pictureOfObject, POOLS, slugOf } from './image-pool.ts';
import type { PoolName } from './prose/types.ts';
import { MUSEUM } from './museum.ts';
import type { Rng } from './prng.ts';
import { cut, escapeAttr, escapeText, fill, type Slots } from './prose/fill.ts';
import { SUBJECT_KEYS, type Lexicon, type SubjectText, type TopicText } from './prose/types.ts';
import type { DemoArticle, DemoFileInfo } from './types.ts';

/**
 * The gallery marker an article body carries where its image gallery belongs (files with code
 * CMS_ARCHIVES_IMG and objectId = the article's groupId); the portal strips it (shared/text.ts).
 */
const GALLERY_HTML = '<p>[gallery]</p>';

/** The attachment of the donation policy articles and the film of the restoration article (store paths). */
export const PDF_FILE = storePath('CMS_ARCHIVES_FILE', 'donation-policy', 'pdf');
/** The Chinese policy, attached to the Chinese article (the English one to the English article). */
export const PDF_FILE_ZH = storePath('CMS_ARCHIVES_FILE', 'donation-policy-zh', 'pdf');
export const VIDEO_FILES = {
  mp4: storePath('CMS_ARCHIVES_VIDEO', 'bronze-restoration', 'mp4'),
  webm: storePath('CMS_ARCHIVES_VIDEO', 'bronze-restoration', 'webm'),
} as const;

const FIRST_DAY = '2019-01-08';
const LAST_DAY = '2026-10-28';
const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

interface ArticleIds {
  archives: Counter;
  files: Counter;
}

interface Composed {
  title: string;
  subTitle: string;
  slots: Slots;
  subject: SubjectText | null;
  /** The title's own opening and sentences, filled (when its template brings them). */
  opening: string | null;
  own: string[];
  /** The publish moment, moved to when a text about an occasion is written. */
  moment: string;
  template: string;
}

/** Publish moments for `count` records spread evenly over the demo years, newest first. */
function channelDates(rng: Rng, count: number): string[] {
  const total = daysBetween(FIRST_DAY, LAST_DAY);
  return Array.from({ length: count }, (_, i) => {
    const slot = count - 1 - i;
    const day = addDays(FIRST_DAY, Math.floor(((slot + 0.1 + rng.next() * 0.8) * total) / count));
    return at(day, rng.int(8, 18), rng.pick([0, 5, 10, 20, 30, 40, 45, 50]), rng.int(0, 59));
  });
}

/** The slots that follow from the publish moment. */
function dateSlots(rng: Rng, lex: Lexicon, site: SiteLanguage, moment: string): Record<string, string> {
  const [y, m, d] = moment.slice(0, 10).split('-').map(Number) as [number, number, number];
  const end = addDays(moment.slice(0, 10), rng.int(45, 120)).split('-').map(Number) as [number, number, number];
  return {
    year: String(y),
    lastYear: String(y - 1),
    year2: String(y + 4),
    month: site === 'EN' ? (MONTHS_EN[m - 1] ?? '') : String(m),
    date: lex.formatDay(y, m, d),
    endDate: lex.formatDay(end[0], end[1], end[2]),
  };
}

const formatDay = (lex: Lexicon, day: string): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return lex.formatDay(y, m, d);
};

/** An exhibition of the subject on view on `day` (temporary ones first), or any on view. */
function onView(rng: Rng, subject: SubjectText, key: string | undefined, day: string): Showing | undefined {
  const on = SHOWINGS.filter((s) => isOn(s, day));
  const mine = on.filter((s) => s.subject === key);
  const temps = mine.filter((s) => s.temporary);
  return temps.length ? rng.pick(temps) : mine.length ? rng.pick(mine) : on.length ? rng.pick(on) : undefined;
}

function slotsFor(rng: Rng, lex: Lexicon, site: SiteLanguage, subject: SubjectText, moment: string): Record<string, string> {
  const key = Object.entries(lex.subjects).find(([, v]) => v === subject)?.[0];
  const day = moment.slice(0, 10);
  const showing = onView(rng, subject, key, day);
  const slots: Record<string, string> = {
    ...dateSlots(rng, lex, site, moment),
    n: String(rng.int(2, 12)),
    m: String(rng.int(1, 6)),
    n2: String(rng.int(10, 99)),
    price: rng.pick(['39', '58', '68', '88', '128', '168', '298']),
    subject: subject.name,
    kw2: subject.kw2,
    kw2lc: subject.kw2Lc ?? subject.kw2,
    kw4: subject.kw4,
    obj: rng.pick(subject.objects),
    // An exhibition named in passing is one on view that day.
    exh: showing ? say(showing.name, site) : rng.pick(subject.exhibitions),
    dyn: rng.pick(subject.dynasties),
  };
  for (const [k, values] of Object.entries(lex.words)) slots[k] = rng.pick(values);
  // Holidays and events named in passing are the coming ones.
  const holiday = nextHoliday(day, 400);
  if (holiday) slots.holiday = lex.words.holiday?.[holiday.index] ?? slots.holiday ?? '';
  const event = nextEvent(day, 400);
  if (event) slots.event = lex.words.event?.[event.index] ?? slots.event ?? '';
  return slots;
}

const say = (pair: readonly [string, string], site: SiteLanguage): string => (site === 'EN' ? pair[1] : pair[0]);

const OPENING = /开幕|正式对公众开放|Opens at|Now Open|opened/;
const CLOSING = /闭展|Closes/;
const PLANNING = /展览大纲|Reviews the Plan/;
const AWARD = /十大陈列展览精品|Top Ten Exhibitions/;
const ONLINE = /数字展览｜|Digital Exhibition:/;
const AFTER_HOLIDAY = /期间我馆接待|讲解服务综述|坚守岗位|博物馆里过|Visitors over|Tours over|Volunteers on Duty|Spending the/;
const AFTER_EVENT = /当天|圆满完成|Volunteering on|A Week of/;

/**
 * Dates a template that names an exhibition, a holiday or an event: picks the occasion that fits
 * the planned moment and moves the moment to when such a text is written. null: nothing fits.
 */
function anchor(
  rng: Rng,
  lex: Lexicon,
  site: SiteLanguage,
  template: string,
  subjectKey: string | undefined,
  moment: string,
  slots: Record<string, string>,
): string | null {
  const day = moment.slice(0, 10);
  const time = moment.slice(11);
  let target = day;
  const near = (d: string, days: number): boolean => Math.abs(daysBetween(day, d)) <= days;
  if (/\{exh\}/.test(template)) {
    const mine = SHOWINGS.filter((s) => s.subject === subjectKey);
    let pick: Showing | undefined;
    if (OPENING.test(template)) {
      pick = rng.shuffle(mine.filter((s) => s.temporary && near(s.start, 75)))[0];
      if (pick) target = pick.start;
    } else if (CLOSING.test(template)) {
      pick = rng.shuffle(mine.filter((s) => s.temporary && s.end && near(s.end, 75)))[0];
      if (pick?.end) target = addDays(pick.end, -rng.int(5, 12));
    } else if (PLANNING.test(template)) {
      pick = rng.shuffle(mine.filter((s) => s.temporary && daysBetween(day, s.start) >= 30 && daysBetween(day, s.start) <= 300))[0];
    } else if (AWARD.test(template)) {
      pick = rng.shuffle(mine.filter((s) => s.temporary && s.end && near(`${Number(s.end.slice(0, 4)) + 1}-05-18`, 120)))[0];
      if (pick?.end) {
        target = `${Number(pick.end.slice(0, 4)) + 1}-05-18`;
        slots.year = pick.end.slice(0, 4);
      }
    } else if (ONLINE.test(template)) {
      pick = rng.shuffle(mine.filter((s) => s.start <= day))[0];
    } else {
      const on = mine.filter((s) => isOn(s, day));
      pick = rng.shuffle(on.filter((s) => s.temporary))[0] ?? rng.shuffle(on)[0];
    }
    if (!pick) return null;
    slots.exh = say(pick.name, site);
    if (pick.end) slots.endDate = formatDay(lex, pick.end);
  }
  if (/\{holiday\}/.test(template)) {
    const after = AFTER_HOLIDAY.test(template);
    const h: Occasion | null = after ? lastHoliday(day) : nextHoliday(day);
    if (!h) return null;
    slots.holiday = lex.words.holiday?.[h.index] ?? '';
    target = after ? addDays(h.end, rng.int(1, 3)) : addDays(h.start, -rng.int(3, 12));
    slots.year = h.start.slice(0, 4);
  }
  if (/\{event\}/.test(template)) {
    const after = AFTER_EVENT.test(template);
    const e = after ? lastEvent(day) : nextEvent(day);
    if (!e) return null;
    slots.event = lex.words.event?.[e.index] ?? '';
    if (after) target = addDays(e.start, rng.int(0, 2));
  }
  if (target > LAST_DAY || target < FIRST_DAY) return null;
  return `${target} ${time}`;
}

function pickSubject(rng: Rng, lex: Lexicon, topic: TopicText): SubjectText | null {
  return topic.subjects.length ? lex.subjects[rng.pick(topic.subjects)] : null;
}

/** Draws a unique title; the prose offers far more combinations than any channel needs. */
function composeTitle(
  rng: Rng,
  lex: Lexicon,
  site: SiteLanguage,
  topic: TopicText,
  plannedTopic: string,
  moment: string,
  used: Set<string>,
  index: number,
  channelNo: string,
): Composed {
  for (let attempt = 0; attempt < 400; attempt++) {
    let picked = moment;
    const subject = pickSubject(rng, lex, topic);
    const slots = slotsFor(rng, lex, site, subject ?? lex.subjects[rng.pick(SUBJECT_KEYS)], moment);
    let title: string;
    let subTitle = '';
    let opening: string | null = null;
    let own: string[] = [];
    let template = '';
    if (plannedTopic === 'leader') {
      const person = lex.leaders[index % lex.leaders.length];
      if (!person) throw new Error('demo prose: no leaders');
      slots.leader = person.name;
      slots.role = person.role;
      title = person.name;
      subTitle = person.role;
    } else if (plannedTopic === 'history') {
      // The chronicle: one event per record, the latest event first.
      const entry = topic.titles[topic.titles.length - 1 - (index % topic.titles.length)] ?? '';
      const [t, o, ...rest] = typeof entry === 'string' ? [entry, null] : entry;
      title = t;
      opening = o ?? null;
      own = rest.filter((x): x is string => typeof x === 'string').map((x) => fill(x, slots));
      if (opening) opening = fill(opening, slots);
    } else {
      const entry = rng.pick(topic.titles);
      template = typeof entry === 'string' ? entry : entry.join(' ');
      const key = subject ? Object.entries(lex.subjects).find(([, v]) => v === subject)?.[0] : undefined;
      const when = anchor(rng, lex, site, template, key, moment, slots);
      if (when === null) continue;
      if (when !== moment) {
        const keep = { year: slots.year, endDate: slots.endDate };
        Object.assign(
          slots,
          dateSlots(rng, lex, site, when),
          /\{exh\}/.test(template) ? { endDate: keep.endDate } : {},
          /\{holiday\}|十大|Top Ten/.test(template) ? { year: keep.year } : {},
        );
        picked = when;
      }
      if (typeof entry === 'string') title = fill(entry, slots);
      else {
        const [t, o, ...rest] = entry;
        title = fill(t, slots);
        opening = fill(o, slots);
        own = rest.map((x) => fill(x, slots));
      }
    }
    if (site === 'EN') title = titleCase(title);
    if (!used.has(title)) {
      used.add(title);
      // Subject facts only join bodies whose title (or its own sentences) is about the subject.
      return { title, subTitle, slots, subject: SUBJECT_SLOT.test(template) ? subject : null, opening, own, moment: picked, template };
    }
  }
  throw new Error(`demo prose: not enough distinct titles for ${channelNo}`);
}

const MINOR_WORDS = new Set(['a', 'an', 'the', 'and', 'or', 'of', 'in', 'on', 'at', 'to', 'for', 'by', 'with', 'from', 'over', 'as']);

/** Headline case for English titles: every word capitalised except short function words. */
function titleCase(title: string): string {
  let first = true;
  return title.replace(/[A-Za-z][A-Za-z']*/g, (word, offset: number) => {
    const afterColon = /[:|]\s*$/.test(title.slice(0, offset));
    const keep = !first && !afterColon && MINOR_WORDS.has(word.toLowerCase());
    first = false;
    return keep ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1);
  });
}

const SUBJECT_SLOT = /\{(subject|Subject|kw2|kw4|obj|Obj|exh|dyn)\}/;

const articleImage = (slug: string): string => imagePath(slug, 'CMS_ARCHIVES_IMG');

/** Pictures in a body point into the store by relative path, as an editor's uploads do. */
const imgTag = (slug: string, site: SiteLanguage): string =>
  `<p><img src="${articleImage(slug)}" alt="${escapeAttr(caption(slug, site))}"></p>`;

/** The body: an opening, two or three paragraphs (one maybe under a heading), an image, a closing. */
function composeBody(
  rng: Rng,
  lex: Lexicon,
  site: SiteLanguage,
  topic: TopicText,
  c: Composed,
  extraSentences: string[],
  image: string | null,
): { html: string; lead: string } {
  const join = (parts: string[]): string => parts.join(lex.sentenceJoiner);
  const opening = c.opening ?? fill(rng.pick(topic.openings), c.slots);
  const facts = c.subject ? c.subject.facts : [];
  // The subject's four- and two-character keywords reach the body, so a search finds both.
  const withKw4 = facts.find((f) => f.toLowerCase().includes((c.slots.kw4 ?? '\u0000').toLowerCase()));
  const withKw2 = facts.find((f) => f !== withKw4 && f.toLowerCase().includes((c.slots.kw2 ?? '\u0000').toLowerCase()));
  const first = [withKw4, withKw2].filter((s): s is string => Boolean(s));
  const rest = rng.shuffle([...topic.sentences.map((s) => fill(s, c.slots)), ...facts.filter((f) => !first.includes(f))]);
  const pool = [...new Set([...extraSentences, ...c.own, ...first, ...rest])].filter((s) => s !== opening);
  const paragraphs: string[] = [];
  const count = Math.min(rng.int(2, 3), Math.ceil(pool.length / 2));
  for (let i = 0; i < count && pool.length; i++) paragraphs.push(join(pool.splice(0, rng.int(2, 3))));
  const parts = [`<p>${escapeText(opening)}</p>`];
  if (image) parts.push(imgTag(image, site));
  paragraphs.forEach((p, i) => {
    if (i === 1 && topic.headings.length && rng.chance(0.6)) parts.push(`<h3>${escapeText(fill(rng.pick(topic.headings), c.slots))}</h3>`);
    parts.push(`<p>${escapeText(p)}</p>`);
  });
  if (topic.closings.length) parts.push(`<p>${escapeText(fill(rng.pick(topic.closings), c.slots))}</p>`);
  return { html: parts.join(''), lead: `${opening}${lex.sentenceJoiner}${paragraphs[0] ?? ''}` };
}

function poolOf(topic: TopicText, subject: SubjectText | null): PoolName {
  if (topic.pool === 'subject') return subject?.pool ?? 'museum';
  return topic.pool;
}

/**
 * The picture of an article: the object its title names when it names one (a picture captioned with
 * that object, or a gallery view rather than another object), else one of its subject's.
 */
function pictureFor(rng: Rng, c: Composed, pool: readonly string[]): string {
  if (/\{(obj|Obj)\}/.test(c.template)) return pictureOfObject(c.slots.obj ?? '') ?? 'gallery-hall';
  return rng.pick(pool);
}

const PICTURE_KINDS = new Set(['images', 'common', 'wc', 'book', 'excellent']);

/** Every article of one channel, newest first. */
export function channelArticles(
  rng: Rng,
  lex: Lexicon,
  planned: PlannedChannel,
  parentNo: string,
  ids: ArticleIds,
): { articles: DemoArticle[]; files: DemoFileInfo[] } {
  const { plan, site, channel } = planned;
  const topic = plan.topic ? lex.topics[plan.topic] : undefined;
  if (!topic || !plan.count) return { articles: [], files: [] };
  const used = new Set<string>();
  const moments = channelDates(rng, plan.count);
  const articles = moments.map((planned, index): DemoArticle => {
    const c = composeTitle(rng, lex, site, topic, plan.topic ?? '', planned, used, index, channel.channelNo);
    const moment = c.moment;
    const pool = POOLS[poolOf(topic, c.subject)];
    const person = plan.topic === 'leader' ? lex.leaders[index % lex.leaders.length] : undefined;
    const picture = person
      ? leaderPortrait(index % lex.leaders.length)
      : PICTURE_KINDS.has(plan.kind) || rng.chance(0.25)
        ? pictureFor(rng, c, pool)
        : null;
    const { html, lead } = composeBody(
      rng,
      lex,
      site,
      topic,
      c,
      person ? person.bio : [],
      picture && (plan.kind !== 'text' ? rng.chance(0.7) : true) ? picture : null,
    );
    const old = moment < '2024-03-01';
    return {
      archivesId: ids.archives.next(),
      groupId: groupId(rng),
      channelId: channel.channelId,
      channelNo: channel.channelNo,
      channelName: channel.channelName,
      title: c.title,
      subTitle: c.subTitle || null,
      publishDate: moment,
      parentChannelNo: parentNo,
      thumbImg: picture && plan.kind !== 'text' ? articleImage(picture) : null,
      // A mobile picture only where the editor uploaded one (about a third of the pictured ones).
      thumbAppImg: picture && plan.kind !== 'text' && rng.chance(0.35) ? imagePath(picture, 'CMS_ARCHIVES_APP_IMG') : null,
      description: cut(lead, site === 'EN' ? 200 : 90),
      content: html,
      source: sourceFor(rng, plan.topic, c.slots, site),
      linkUrl: null,
      isShowTitle: true,
      visitCount: old ? rng.int(300, 6000) : rng.int(20, 1800),
      starCount: rng.int(0, old ? 260 : 90),
      flag: null,
      ...extensions(plan.kind, plan.topic, c.slots, site, moment),
      label: c.subject ? c.subject.kw2 : null,
      languageType: site,
    };
  });
  // Texts about an occasion moved to its day: newest first again (stable for equal moments).
  articles.sort((a, b) => b.publishDate.localeCompare(a.publishDate));
  const files = decorate(rng, lex, planned, articles, ids);
  return { articles, files };
}

function sourceFor(rng: Rng, topic: string | undefined, slots: Slots, site: SiteLanguage): string | null {
  if (topic === 'media') return slots.media ?? null;
  if (topic === 'news') return rng.chance(0.7) ? (site === 'EN' ? MUSEUM.en : MUSEUM.zh) : null;
  if (topic === 'notice') return site === 'EN' ? 'General Office' : '办公室';
  return null;
}

type Extensions = Pick<DemoArticle, 'extension1' | 'extension2' | 'extension3' | 'extension4' | 'extension5' | 'extension6'>;

/** Books carry editor, publisher and year; shop items their price (CNY). */
function extensions(kind: string, topic: string | undefined, slots: Slots, site: SiteLanguage, moment: string): Extensions {
  const none = { extension1: null, extension2: null, extension3: null, extension4: null, extension5: null, extension6: null };
  if (kind === 'wc') return { ...none, extension1: slots.price ?? '' };
  if (topic === 'books') {
    return {
      ...none,
      extension1: site === 'EN' ? `${MUSEUM.en} (ed.)` : `${MUSEUM.zh} 编`,
      extension2: site === 'EN' ? 'Cultural Relics Press' : '文物出版社',
      extension3: moment.slice(0, 4),
    };
  }
  return none;
}

/** A file row: the stored name is the path's last segment; the uploader's own name is kept beside it. */
export function fileRow(
  ids: { files: Counter },
  objectId: string,
  code: DemoFileInfo['code'],
  file: string,
  oldName: string,
  description: string | null,
): DemoFileInfo {
  const name = file.slice(file.lastIndexOf('/') + 1);
  return {
    fileInfoId: ids.files.next(),
    objectId,
    code,
    fileOldname: oldName,
    fileSuffix: name.slice(name.lastIndexOf('.') + 1),
    description: description || null,
    fileName: name,
    filePath: file,
  };
}

/** Where galleries go (channel → how many articles), all within a list's first two pages. */
const GALLERIES: Record<string, number> = { SNews: 4, DigitalExh: 2, VolAct: 2, Reception: 1, History: 1 };
/** News items that are reprints living elsewhere. */
const EXTERNAL_NEWS = [3, 8];

function insertBeforeLast(html: string, piece: string): string {
  const at = html.lastIndexOf('<p>');
  return at > 0 ? html.slice(0, at) + piece + html.slice(at) : html + piece;
}

function decorate(rng: Rng, lex: Lexicon, planned: PlannedChannel, articles: DemoArticle[], ids: ArticleIds): DemoFileInfo[] {
  const { plan, site } = planned;
  const files: DemoFileInfo[] = [];
  const en = site === 'EN';

  const galleries = GALLERIES[plan.no] ?? 0;
  const galleryIndexes = rng.sample(
    Array.from({ length: Math.min(articles.length, (plan.pageSize ?? 6) * 2) }, (_, i) => i).filter((i) => i !== 1),
    galleries,
  );
  for (const i of galleryIndexes) {
    const a = articles[i];
    if (!a) continue;
    const main = slugOf(a.thumbImg) || rng.pick(POOLS.museum);
    const others = rng.sample(
      // Scenes of the museum and its events: a gallery never shows an unrelated object or a portrait.
      [...new Set([...POOLS.museum, ...POOLS.activity, ...POOLS.volunteer, ...POOLS.lecture, ...POOLS.history])].filter((s) => s !== main),
      rng.int(4, 7),
    );
    for (const slug of [main, ...others])
      files.push(fileRow(ids, a.groupId, 'CMS_ARCHIVES_IMG', articleImage(slug), `${slug}.jpg`, caption(slug, site)));
    a.content = insertBeforeLast(a.content, GALLERY_HTML);
  }

  if (plan.no === 'DonationSystem') {
    const a = articles[0];
    if (a) {
      a.title = en
        ? `Donations Policy (revised ${a.publishDate.slice(0, 4)})`
        : `${MUSEUM.zh}藏品捐赠办法（${a.publishDate.slice(0, 4)}年修订）`;
      // The body links the attachment by its store path, as the back office's editor writes it.
      a.content += en
        ? `<p>The full policy is attached: <a href="${PDF_FILE}">Donations Policy (PDF)</a>.</p>`
        : `<p>附件：<a href="${PDF_FILE_ZH}">藏品捐赠办法全文（PDF）</a>。</p>`;
      files.push(
        fileRow(
          ids,
          a.groupId,
          'CMS_ARCHIVES_FILE',
          en ? PDF_FILE : PDF_FILE_ZH,
          en ? 'Yunxi Museum Donations Policy.pdf' : `${MUSEUM.zh}藏品捐赠办法.pdf`,
          a.title,
        ),
      );
    }
  }

  if (plan.no === 'SNews') {
    const a = articles[1];
    if (a) {
      const bronze = lex.subjects.bronze;
      a.title = en ? 'Video: Bringing a Western Zhou Bronze Ding Back to Life' : '视频｜青铜器修复纪实：一件西周铜鼎的重生';
      a.thumbImg = articleImage('bronze-ding');
      a.label = bronze.kw2;
      const video = `<p><video controls controlslist="nodownload" preload="metadata" width="640" height="360" poster="${articleImage('bronze-ding')}"><source src="${VIDEO_FILES.webm}" type="video/webm"><source src="${VIDEO_FILES.mp4}" type="video/mp4"></video></p>`;
      const intro = en
        ? 'Conservators at the Conservation Centre spent eight months cleaning, consolidating and restoring a Western Zhou bronze ding. This short film follows their work.'
        : '文物保护中心的修复师历时八个月，完成了一件西周青铜鼎的除锈、加固与补配。这段短片记录了修复的全过程。';
      const facts = bronze.facts
        .slice(1, 4)
        .map((f) => `<p>${escapeText(f)}</p>`)
        .join('');
      a.content = `<p>${escapeText(intro)}</p>${video}${facts}`;
      a.description = intro;
    }
    for (const i of EXTERNAL_NEWS) {
      const b = articles[i];
      if (b) b.linkUrl = `https://www.example.org/museums/yunxi/${b.publishDate.slice(0, 10).replace(/-/g, '')}-${b.archivesId}.html`;
    }
  }

  if (plan.no === 'Media') {
    articles.forEach((a, i) => {
      if (i % 3 === 0) a.linkUrl = `https://news.example.com/culture/${a.publishDate.slice(0, 7).replace('-', '')}/${a.archivesId}.html`;
    });
  }

  if (plan.no === 'ExcellentCol') {
    for (const a of articles) a.linkUrl = `https://collection.example-museum.cn/object/${a.archivesId}`;
  }
  return files;
}
