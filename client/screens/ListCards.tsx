// Card grids: images (4:3), wc (shop, 1:1), book (3:4 covers), collection (1:1), and the generic
// exhibition and activity cards (4:3, date range and place up front). One table says what each shows.
import type { ListItem } from '../../shared/view-parts.ts';
import type { ListLayout } from '../../shared/route-table.ts';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { useT } from '../i18n.tsx';

type CardLayout = Exclude<ListLayout, 'text' | 'common'>;

const THIRDS = '(max-width: 767px) calc(100vw - 32px), (max-width: 1023px) calc(50vw - 32px), 384px';
const QUARTERS = '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 282px';

interface CardStyle {
  ratio: '4x3' | '3x4' | '1x1';
  /** Intrinsic size of the picture (keeps the box before it loads). */
  size: [number, number];
  /** How wide the picture shows (list.css: 3/2/1 columns, or 4/3/2 for books and collections). */
  sizes: string;
  date: boolean;
  excerpt: boolean;
  rangeAndPlace: boolean;
}

const CARD: Record<CardLayout, CardStyle> = {
  images: { ratio: '4x3', size: [400, 300], sizes: THIRDS, date: true, excerpt: false, rangeAndPlace: false },
  wc: { ratio: '1x1', size: [400, 400], sizes: '(max-width: 1023px) 50vw, 384px', date: false, excerpt: true, rangeAndPlace: false },
  book: { ratio: '3x4', size: [300, 400], sizes: QUARTERS, date: false, excerpt: false, rangeAndPlace: false },
  collection: { ratio: '1x1', size: [400, 400], sizes: QUARTERS, date: false, excerpt: false, rangeAndPlace: false },
  exhibition: { ratio: '4x3', size: [400, 300], sizes: THIRDS, date: false, excerpt: false, rangeAndPlace: true },
  activity: { ratio: '4x3', size: [400, 300], sizes: THIRDS, date: false, excerpt: false, rangeAndPlace: true },
};

export default function ListCards({ items, layout }: { items: ListItem[]; layout: CardLayout }) {
  const t = useT();
  const style = CARD[layout];
  return (
    <ul className={`cards cards--${layout}`}>
      {items.map((item, i) => (
        <li key={item.id} className="card">
          <RecordLink className="card__link" href={item.href} external={item.external}>
            <div className={`card__picture ratio ratio--${style.ratio}`}>
              <SafeImage
                sources={item.images}
                alt=""
                width={style.size[0]}
                height={style.size[1]}
                loading={i < 4 ? 'eager' : 'lazy'}
                responsive={{ sizes: style.sizes }}
              />
              {item.badge && <span className="card__badge">{item.badge}</span>}
            </div>
            <div className="card__body">
              <h2 className="card__title">{item.title}</h2>
              {item.subtitle && <p className="card__subtitle">{item.subtitle}</p>}
              {style.rangeAndPlace && item.range && (
                <p className="card__meta">
                  <span className="card__meta-label">{t('list.time')}</span> {item.range}
                </p>
              )}
              {style.rangeAndPlace && item.place && (
                <p className="card__meta">
                  <span className="card__meta-label">{t('list.place')}</span> {item.place}
                </p>
              )}
              {style.date && item.date && (
                <time className="card__date" dateTime={item.date}>
                  {item.date}
                </time>
              )}
              {style.excerpt && item.excerpt && <p className="card__excerpt">{item.excerpt}</p>}
            </div>
          </RecordLink>
        </li>
      ))}
    </ul>
  );
}
