// A collection (PreciousCol and GMWW, 12 a page, collection style): the type, level and period rows
// as filter links (`?type=&level=&age=`, real addresses that combine and that paging keeps), the number
// of objects the chosen filters give, then square cards with the object's name and period, and the pager.
import EmptyState from '../components/EmptyState.tsx';
import FilterLinks from '../components/FilterLinks.tsx';
import Pager from '../components/Pager.tsx';
import { useT } from '../i18n.tsx';
import ListCards from './ListCards.tsx';
import { useScreenData } from '../page-data.ts';

const ANCHOR = 'collection';

export default function CollectionList() {
  const data = useScreenData('collectionList');
  const t = useT();

  return (
    <section id={ANCHOR} className="col-list">
      <div className="col-list__filters">
        <FilterLinks links={data.types} label={t('col.types')} named />
        <FilterLinks links={data.levels} label={t('col.levels')} named />
        <FilterLinks links={data.ages} label={t('col.ages')} named />
      </div>
      <p className="col-list__count" aria-live="polite">
        {t('col.count', { n: data.total })}
      </p>
      {data.items.length === 0 ? <EmptyState /> : <ListCards items={data.items} layout="collection" />}
      <Pager page={data.page} pages={data.pages} anchor={ANCHOR} />
    </section>
  );
}
