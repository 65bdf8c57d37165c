// The museum's front page: the picture slider full-bleed, then what a visitor comes for — the
// exhibitions on view, the latest news, collection highlights on a dark band where the objects glow,
// upcoming activities, and the visit statistics. A section the service could not give is left out.
import type { ReactNode } from 'react';
import type { ExhibitionCard } from '../../shared/exhibition-views.ts';
import type { HomeActivity, HomeSection, HomeStats } from '../../shared/home-view.ts';
import type { UiKey } from '../../shared/i18n.ts';
import type { ListItem } from '../../shared/view-parts.ts';
import ExhibitionFacts from '../components/ExhibitionFacts.tsx';
import RecordLink from '../components/RecordLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import Island from '../islands/Island.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function Home() {
  const data = useScreenData('home');
  const t = useT();
  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.heading', { site: t('site.title') })}</h1>
      {data.slides.length > 0 && <Island name="slider" props={{ slides: data.slides }} />}
      {data.exhibitions && data.exhibitions.items.length > 0 && <Exhibitions section={data.exhibitions} />}
      {data.news && data.news.items.length > 0 && <News section={data.news} />}
      {data.collections && data.collections.items.length > 0 && <Collections section={data.collections} />}
      {data.activities && data.activities.items.length > 0 && <Activities section={data.activities} />}
      {data.stats && <Stats stats={data.stats} />}
    </div>
  );
}

function Section({
  id,
  title,
  section,
  tone = 'light',
  children,
}: {
  id: string;
  title: UiKey;
  section: HomeSection<unknown>;
  tone?: 'light' | 'paper' | 'dark';
  children: ReactNode;
}) {
  const t = useT();
  return (
    <section className={`home-section home-section--${tone} home-${id}`} aria-labelledby={`home-${id}-title`}>
      <div className="home-section__inner">
        <header className="home-section__head">
          <h2 id={`home-${id}-title`} className="home-section__title">
            {t(title)}
          </h2>
          <a className="home-section__more" href={section.more}>
            {t('home.all', { name: section.moreName })}
            <span aria-hidden="true"> →</span>
          </a>
        </header>
        {children}
      </div>
    </section>
  );
}

function Exhibitions({ section }: { section: HomeSection<ExhibitionCard> }) {
  return (
    <Section id="exh" title="home.exhibitions" section={section}>
      <ul className="home-exh__list">
        {section.items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className="home-exh__item">
            <RecordLink className="home-exh__link" href={item.link?.href ?? null} external={item.link?.external ?? false}>
              <div className="home-exh__picture ratio ratio--4x3">
                <SafeImage
                  sources={item.image}
                  alt=""
                  width={400}
                  height={300}
                  // home.css: 3 columns, 2 on tablets, a swipeable row of 84 % cards on phones.
                  responsive={{ sizes: '(max-width: 767px) 84vw, (max-width: 1023px) 50vw, 379px' }}
                />
              </div>
              <h3 className="home-exh__title">{item.title}</h3>
              <ExhibitionFacts dates={item.dates} openEnded={item.openEnded} place={item.place} phase={item.phase} />
            </RecordLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function News({ section }: { section: HomeSection<ListItem> }) {
  const [lead, ...rest] = section.items;
  if (!lead) return null;
  return (
    <Section id="news" title="home.news" section={section} tone="paper">
      <div className="home-news__grid">
        <RecordLink className="home-news__lead" href={lead.href} external={lead.external}>
          <div className="home-news__picture ratio ratio--4x3">
            <SafeImage sources={lead.images} alt="" width={600} height={450} responsive={{ sizes: '(max-width: 1023px) 100vw, 600px' }} />
          </div>
          <div className="home-news__lead-body">
            {lead.date && (
              <time className="home-news__date" dateTime={lead.date}>
                {lead.date}
              </time>
            )}
            <h3 className="home-news__lead-title">{lead.title}</h3>
            {lead.excerpt && <p className="home-news__excerpt">{lead.excerpt}</p>}
          </div>
        </RecordLink>
        <ul className="home-news__list">
          {rest.map((item) => (
            <li key={item.id} className="home-news__row">
              <RecordLink className="home-news__row-link" href={item.href} external={item.external}>
                {item.date && (
                  <time className="home-news__stamp" dateTime={item.date}>
                    <span className="home-news__stamp-day">{item.date.slice(8, 10)}</span>
                    <span className="home-news__stamp-month">{item.date.slice(0, 7)}</span>
                  </time>
                )}
                <span className="home-news__row-body">
                  <span className="home-news__row-title">{item.title}</span>
                  {item.excerpt && <span className="home-news__row-excerpt">{item.excerpt}</span>}
                </span>
              </RecordLink>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

function Collections({ section }: { section: HomeSection<ListItem> }) {
  return (
    <Section id="col" title="home.collections" section={section} tone="dark">
      <ul className="home-col__list">
        {section.items.map((item) => (
          <li key={item.id} className="home-col__item">
            <RecordLink className="home-col__link" href={item.href} external={item.external}>
              <div className="home-col__picture ratio ratio--1x1">
                <SafeImage
                  sources={item.images}
                  alt=""
                  width={300}
                  height={300}
                  responsive={{ sizes: '(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 282px' }}
                />
              </div>
              <span className="home-col__name">{item.title}</span>
              {item.subtitle && <span className="home-col__age">{item.subtitle}</span>}
            </RecordLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Activities({ section }: { section: HomeSection<HomeActivity> }) {
  const t = useT();
  return (
    <Section id="act" title="home.activities" section={section}>
      <ul className="home-act__list">
        {section.items.map((item) => (
          <li key={item.id} className="home-act__item">
            <a className="home-act__link" href={item.href}>
              {item.day && (
                <span className="home-act__date" aria-hidden="true">
                  <span className="home-act__day">{item.day}</span>
                  <span className="home-act__year">{item.year}</span>
                </span>
              )}
              <span className="home-act__body">
                {item.status && <span className="home-act__status">{item.status}</span>}
                <span className="home-act__title">{item.title}</span>
                {item.time && (
                  <span className="home-act__meta">
                    <span className="home-act__label">{t('act.time')}</span> {item.time}
                  </span>
                )}
                {item.venue && (
                  <span className="home-act__meta">
                    <span className="home-act__label">{t('act.venue')}</span> {item.venue}
                  </span>
                )}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Thousands separated the same way on the server and in every browser (no locale lookup). */
const count = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function Stats({ stats }: { stats: HomeStats }) {
  const t = useT();
  const figures: Array<{ key: string; label: string; value: number }> = [
    { key: 'total', label: t('home.statsTotal'), value: stats.total },
    { key: 'today', label: t('home.statsToday'), value: stats.today },
    { key: 'pv', label: t('home.statsPv', { days: stats.days }), value: stats.pv },
    { key: 'uv', label: t('home.statsUv', { days: stats.days }), value: stats.uv },
  ];
  const peak = Math.max(0, ...stats.daily.map((d) => d.pv));
  const max = Math.max(1, peak);
  const barWidth = stats.daily.length > 0 ? 300 / stats.daily.length : 0;
  return (
    <section className="home-section home-section--paper home-stats" aria-labelledby="home-stats-title">
      <div className="home-section__inner home-stats__inner">
        <h2 id="home-stats-title" className="home-section__title home-stats__title">
          {t('home.stats')}
        </h2>
        <dl className="home-stats__figures">
          {figures.map((f) => (
            <div key={f.key} className="home-stats__figure">
              <dt className="home-stats__label">{f.label}</dt>
              <dd className="home-stats__value">{count(f.value)}</dd>
            </div>
          ))}
        </dl>
        {/* A chart of nothing but zeros says nothing: it appears once there are visits to draw. */}
        {stats.daily.length > 1 && peak > 0 && (
          <svg
            className="home-stats__chart"
            viewBox="0 0 300 60"
            width="300"
            height="60"
            preserveAspectRatio="none"
            role="img"
            aria-label={t('home.statsChart', { days: stats.days })}
          >
            {stats.daily.map((d, i) => {
              const h = Math.max(1, Math.round((d.pv / max) * 56));
              return (
                <rect key={d.date} x={(i * barWidth + 1).toFixed(1)} y={60 - h} width={Math.max(1, barWidth - 2).toFixed(1)} height={h}>
                  <title>{`${d.date}: ${count(d.pv)}`}</title>
                </rect>
              );
            })}
          </svg>
        )}
      </div>
    </section>
  );
}
