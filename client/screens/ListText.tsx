// The text layout: dated rows with a hairline between.
import type { ListItem } from '../../shared/view-parts.ts';
import RecordLink from '../components/RecordLink.tsx';

export default function ListText({ items }: { items: ListItem[] }) {
  return (
    <ul className="text-list">
      {items.map((item) => (
        <li key={item.id} className="text-list__row">
          <RecordLink className="text-list__link" href={item.href} external={item.external}>
            <span className="text-list__title">{item.title}</span>
            {item.date && (
              <time className="text-list__date" dateTime={item.date}>
                {item.date}
              </time>
            )}
          </RecordLink>
        </li>
      ))}
    </ul>
  );
}
