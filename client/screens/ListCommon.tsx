// The common layout (news): a 4:3 picture beside the title, date and excerpt; stacked on phones.
import type { ListItem } from '../../shared/view-parts.ts';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';

export default function ListCommon({ items }: { items: ListItem[] }) {
  return (
    <ul className="media-list">
      {items.map((item, i) => (
        <li key={item.id} className="media-list__row">
          <RecordLink className="media-list__link" href={item.href} external={item.external}>
            <div className="media-list__picture ratio ratio--4x3">
              <SafeImage
                sources={item.images}
                alt=""
                width={400}
                height={300}
                loading={i < 2 ? 'eager' : 'lazy'}
                // list.css: a 280 px column, 120 px on phones.
                responsive={{ sizes: '(max-width: 767px) 120px, 280px' }}
              />
            </div>
            <div className="media-list__body">
              <h2 className="media-list__title">{item.title}</h2>
              {item.date && (
                <time className="media-list__date" dateTime={item.date}>
                  {item.date}
                </time>
              )}
              {item.excerpt && <p className="media-list__excerpt">{item.excerpt}</p>}
            </div>
          </RecordLink>
        </li>
      ))}
    </ul>
  );
}
