// One activity: times as `YYYY-MM-DD HH:mm`, the venue, the reservation window (when it
// takes reservations), the age range, how to reserve and the statuses as words (worked out from its
// times by the loader), the description, and the sign-up link when the activity has one.
import type { ReactNode } from 'react';
import ActivityStatus from '../components/ActivityStatus.tsx';
import CalendarLink from '../components/CalendarLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function ActivityDetail() {
  const data = useScreenData('activityDetail');
  const t = useT();
  const facts: Array<{ label: string; value: ReactNode }> = [
    { label: t('act.time'), value: <TimeRange start={data.start} end={data.end} fallback={t('act.unknown')} /> },
    { label: t('act.venue'), value: data.venue || t('act.unknown') },
  ];
  if (data.booking) {
    facts.push({
      label: t('act.reserveWindow'),
      value: <TimeRange start={data.reserveStart} end={data.reserveEnd} fallback={t('act.unknown')} />,
    });
  }
  facts.push({ label: t('act.age'), value: data.age });
  if (data.reserveType) facts.push({ label: t('act.reserveType'), value: data.reserveType.text });
  if (data.reserveStatus) facts.push({ label: t('act.reserveStatus'), value: <ActivityStatus word={data.reserveStatus} /> });
  if (data.status) facts.push({ label: t('act.status'), value: <ActivityStatus word={data.status} /> });

  return (
    <article className="activity-detail">
      <header className="activity-detail__head">
        {data.type && <p className="activity-detail__type">{data.type}</p>}
        <h1 className="activity-detail__title">{data.title}</h1>
      </header>
      <div className="activity-detail__top">
        {data.image.length > 0 && (
          <div className="activity-detail__media">
            <SafeImage
              className="activity-detail__image"
              sources={data.image}
              alt={data.title}
              width={800}
              height={600}
              loading="eager"
              fetchPriority="high"
            />
          </div>
        )}
        <div className="activity-detail__panel">
          <dl className="activity-detail__facts">
            {facts.map((f) => (
              <div key={f.label} className="activity-detail__fact">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {data.signUp && (
            <a
              className="button button--primary activity-detail__signup"
              href={data.signUp.href}
              {...(data.signUp.external ? { target: '_blank', rel: 'noopener' } : {})}
            >
              {t('act.signUp')}
              {data.signUp.external && <span className="visually-hidden">{t('frame.newTab')}</span>}
            </a>
          )}
          {/* A plain link to the .ics file (no JavaScript needed); nothing to add once it is over or called off. */}
          {data.status?.tone !== 'closed' && <CalendarLink />}
        </div>
      </div>
      {data.html && (
        <section className="activity-detail__about" aria-labelledby="activity-about">
          <h2 id="activity-about" className="activity-detail__subhead">
            {t('act.about')}
          </h2>
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />
        </section>
      )}
      <p className="activity-detail__back">
        <a href={data.backHref}>
          <span aria-hidden="true">← </span>
          {t('act.back')}
        </a>
      </p>
    </article>
  );
}

function TimeRange({ start, end, fallback }: { start: string; end: string; fallback: string }) {
  if (!start && !end) return <>{fallback}</>;
  return (
    <>
      {start && <time dateTime={start.replace(' ', 'T')}>{start}</time>}
      {start && end && ' – '}
      {end && <time dateTime={end.replace(' ', 'T')}>{end}</time>}
    </>
  );
}
