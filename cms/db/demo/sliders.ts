// Home-page slider items for the places `home` and `EN_home`, five each, linking into the site. A
// link to a record carries the record's wire id (what the portal's routes hold).
import type { SiteLanguage } from '../../../shared/wire.ts';
import { encodeId } from '../../wire-ids.ts';
import { say, type Pair } from './bilingual.ts';
import type { Counter } from './ids.ts';
import { imagePath } from './image-pool.ts';
import type { DemoExhibitionTemp, DemoSlider } from './types.ts';

const shortDate = (s: string): string => s.slice(0, 10).replace(/-/g, '.');

interface SlidePlan {
  image: string;
  title: Pair;
  content: Pair;
  /** A route (CN form; EN_ is added per segment) or a temporary exhibition by index in the list. */
  link: string | { temp: number };
}

const SLIDES: SlidePlan[] = [
  {
    image: 'slider-bronze',
    title: ['钟鸣鼎食——青铜礼乐文化展', 'Bells and Cauldrons: Ritual and Music in Bronze'],
    content: ['临时展览 · 正在展出', 'Temporary exhibition · Now on'],
    link: { temp: 5 },
  },
  {
    image: 'slider-porcelain',
    title: ['瓷韵千年——历代陶瓷陈列', 'A Thousand Years of Ceramics'],
    content: ['基本陈列 · 主楼一层', 'Permanent gallery · Level 1'],
    link: '/Exhibition/BaseExh',
  },
  {
    image: 'slider-painting',
    title: ['纸上乾坤——古代书画装裱艺术展', 'The Art of Mounting: Scrolls Revealed'],
    content: ['临时展览 · 正在展出', 'Temporary exhibition · Now on'],
    link: { temp: 3 },
  },
  {
    image: 'slider-museum',
    title: ['欢迎来到云溪博物馆', 'Welcome to the Yunxi Museum'],
    content: ['免费开放 · 周二至周日 9:00—17:00', 'Free admission · Tuesday to Sunday 9:00–17:00'],
    link: '/Service/OpenServies/OpenTime',
  },
  {
    image: 'slider-heritage',
    title: ['匠心传承 · 社教活动', 'Living Heritage: Activities for All'],
    content: ['讲座、亲子活动与手工体验', 'Lectures, family days and workshops'],
    link: '/Education/Activity',
  },
];

const enRoute = (route: string): string => route.replace(/\/([^/]+)/g, '/EN_$1');

export function sliders(site: SiteLanguage, temps: DemoExhibitionTemp[], ids: Counter): DemoSlider[] {
  return SLIDES.map((s, i) => {
    let route: string;
    let content = say(s.content, site);
    if (typeof s.link === 'string') route = s.link;
    else {
      const temp = temps[s.link.temp];
      route = temp ? `/Exhibition/TempExh/${encodeId('exhibitionTemp', temp.exhibitionTempId)}` : '/Exhibition/TempExh';
      if (temp) content = `${content} · ${shortDate(temp.startTime ?? '')}—${shortDate(temp.endTime ?? '')}`;
    }
    return {
      id: ids.next(),
      title: say(s.title, site),
      filePath: imagePath(s.image, 'CMS_GALLERY_IMG'),
      content,
      // The record id is not a channel: it keeps no EN_ prefix.
      linkUrl: site === 'EN' ? enRoute(route).replace(/\/EN_([0-9a-f]{32})$/, '/$1') : route,
      sort: i + 1,
      place: site === 'EN' ? 'EN_home' : 'home',
    };
  });
}
