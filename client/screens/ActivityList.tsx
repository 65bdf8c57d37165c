// Activities in the activity layout (6 a page): type filters from the ACTIVITY_TYPE
// dictionary as links (`?type=` stays in the address while paging), then cards that put the time
// range, the venue and the status words first (what a visitor plans by).
import ActivityStatus from '../components/ActivityStatus.tsx';
import EmptyState from '../components/EmptyState.tsx';
import Pager from '../components/Pager.tsx';
import SafeImage from '../components/SafeImage.tsx';
import FilterLinks from '../components/FilterLinks.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

const ANCHOR = 'activity-list';

export default function ActivityList() {
  const data = useScreenData('activityList');
  const t = useT();
  return (
    <div className="activity-list" id={ANCHOR}>
      <FilterLinks links={data.types} label={t('act.types')} />
      <p className="activity-list__count">{t('act.count', { n: data.total })}</p>
      {data.items.length === 0 ? (
        <EmptyState>{t('act.empty')}</EmptyState>
      ) : (
        <ul className="activity-list__grid">
          {data.items.map((item, i) => (
            <li key={item.id} className="activity-card">
              <a className="activity-card__link" href={item.href}>
                <div className="activity-card__media">
                  <SafeImage
                    className="activity-card__image"
                    sources={item.image}
                    alt=""
                    width={400}
                    height={300}
                    // The first row shows at once; activity.css: 3 columns, 2 on tablets, 1 on phones.
                    loading={i < 3 ? 'eager' : 'lazy'}
                    responsive={{ sizes: '(max-width: 767px) calc(100vw - 32px), (max-width: 1023px) calc(50vw - 32px), 384px' }}
                  />
                  {item.status && <ActivityStatus word={item.status} className="activity-card__status" />}
                </div>
                <div className="activity-card__body">
                  {item.type && <p className="activity-card__type">{item.type}</p>}
                  <h2 className="activity-card__title">{item.title}</h2>
                  <dl className="activity-card__facts">
                    <div className="activity-card__fact">
                      <dt>{t('act.time')}</dt>
                      <dd>{item.time || t('act.unknown')}</dd>
                    </div>
                    <div className="activity-card__fact">
                      <dt>{t('act.venue')}</dt>
                      <dd>{item.venue || t('act.unknown')}</dd>
                    </div>
                    {item.reserve && (
                      <div className="activity-card__fact">
                        <dt>{t('act.reserveStatus')}</dt>
                        <dd>
                          <ActivityStatus word={item.reserve} />
                        </dd>
                      </div>
                    )}
                  </dl>
                </div>
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pager page={data.page} pages={data.pages} anchor={ANCHOR} />
    </div>
  );
}
