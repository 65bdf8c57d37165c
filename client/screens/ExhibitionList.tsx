// Exhibitions in the exhibition layout (6 a page): each one a wide row with its picture, its status,
// the dotted date range and the place up front (what a visitor plans by), then a short summary. Temporary
// exhibitions can be narrowed to on view / coming / past; an exhibition with its own site links out.
import type { ExhibitionCard } from '../../shared/exhibition-views.ts';
import EmptyState from '../components/EmptyState.tsx';
import ExhibitionFacts from '../components/ExhibitionFacts.tsx';
import FilterLinks from '../components/FilterLinks.tsx';
import Pager from '../components/Pager.tsx';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

const ANCHOR = 'exhibitions';

export default function ExhibitionList() {
  const data = useScreenData('exhibitionList');
  const t = useT();

  return (
    <section id={ANCHOR} className="exh-list">
      <FilterLinks links={data.states} label={t('exh.states')} />
      {data.total > 0 && <p className="exh-list__count">{t('exh.count', { n: data.total })}</p>}
      {data.items.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="exh-list__items">
          {data.items.map((item, i) => (
            <ExhibitionRow key={`${item.kind}-${item.id}`} item={item} eager={i < 2} />
          ))}
        </ul>
      )}
      <Pager page={data.page} pages={data.pages} anchor={ANCHOR} />
    </section>
  );
}

function ExhibitionRow({ item, eager }: { item: ExhibitionCard; eager: boolean }) {
  const t = useT();
  return (
    <li className="exh-card">
      <RecordLink className="exh-card__link" href={item.link?.href ?? null} external={item.link?.external ?? false}>
        <div className="exh-card__picture ratio ratio--4x3">
          <SafeImage
            sources={item.image}
            alt=""
            width={480}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            // exhibition.css: a 440 px column, 340 px on tablets, the full width on phones.
            responsive={{ sizes: '(max-width: 767px) 100vw, (max-width: 1023px) 340px, 440px' }}
          />
        </div>
        <div className="exh-card__body">
          <h2 className="exh-card__title">{item.title}</h2>
          <ExhibitionFacts dates={item.dates} openEnded={item.openEnded} place={item.place} phase={item.phase} />
          {item.summary && <p className="exh-card__summary">{item.summary}</p>}
          <span className="exh-card__more" aria-hidden="true">
            {item.link?.external ? t('exh.visitSite') : t('list.readMore')}
            <span className="exh-card__arrow">{item.link?.external ? ' ↗' : ' →'}</span>
          </span>
          {item.link?.external && <span className="visually-hidden">{t('frame.newTab')}</span>}
        </div>
      </RecordLink>
    </li>
  );
}
