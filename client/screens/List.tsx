// The list screen of every layout: the channel's records in its layout, an empty state in
// words, and the pager; `?page=` drives it (the loader reads and clamps it).
import EmptyState from '../components/EmptyState.tsx';
import Pager from '../components/Pager.tsx';
import ListCards from './ListCards.tsx';
import ListCommon from './ListCommon.tsx';
import ListText from './ListText.tsx';
import { useScreenData } from '../page-data.ts';

const LIST_ANCHOR = 'list';

export default function List() {
  const data = useScreenData('list');

  const body = (() => {
    if (data.items.length === 0) return <EmptyState />;
    switch (data.layout) {
      case 'text':
        return <ListText items={data.items} />;
      case 'common':
        return <ListCommon items={data.items} />;
      default:
        return <ListCards items={data.items} layout={data.layout} />;
    }
  })();

  return (
    <section id={LIST_ANCHOR} className={`list list--${data.layout}`} aria-label={data.channel.name}>
      {body}
      <Pager page={data.page} pages={data.pages} anchor={LIST_ANCHOR} />
    </section>
  );
}
