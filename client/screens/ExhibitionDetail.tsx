// One exhibition: the title, its status, dotted date range and place, a link to its own site when it
// has one, the lead picture, the sanitized description, where to find it on the floor plan (base
// exhibitions with map coordinates), its pictures, and the exhibits it shows with their IIIF collection
// (temporary exhibitions).
import ExhibitionFacts from '../components/ExhibitionFacts.tsx';
import FloorPlan from '../components/FloorPlan.tsx';
import Gallery from '../components/Gallery.tsx';
import CalendarLink from '../components/CalendarLink.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { IIIF_LOGO_PATH, iiifLogoHref } from '../../shared/iiif.ts';
import { useT } from '../i18n.tsx';
import ListCards from './ListCards.tsx';
import { useScreenData } from '../page-data.ts';

export default function ExhibitionDetail() {
  const data = useScreenData('exhibitionDetail');
  const t = useT();
  const aside = data.map !== null;

  return (
    <article className="exh-detail">
      <header className={`exh-detail__head${data.image.length > 0 ? ' exh-detail__head--picture' : ''}`}>
        {data.image.length > 0 && (
          <div className="exh-detail__lead ratio ratio--4x3">
            <SafeImage sources={data.image} alt={data.title} width={800} height={600} loading="eager" fetchPriority="high" />
          </div>
        )}
        <div className="exh-detail__intro">
          <h1 className="exh-detail__title">{data.title}</h1>
          <ExhibitionFacts dates={data.dates} openEnded={data.openEnded} place={data.place} phase={data.phase} size="large" />
          {/* Temporary exhibitions run for dates a visitor can plan for: a plain link to their .ics file. */}
          {data.kind === 'temp' && data.phase !== 'past' && <CalendarLink />}
          {data.ownSite && (
            <a className="button button--primary exh-detail__site" href={data.ownSite} target="_blank" rel="noopener">
              {t('exh.visitSite')}
              <span aria-hidden="true"> ↗</span>
              <span className="visually-hidden">{t('frame.newTab')}</span>
            </a>
          )}
          {/* The IIIF logo, as on an object page: viewers and aggregators open the exhibits from it. */}
          {data.iiif && (
            <a className="iiif-link exh-detail__iiif" href={iiifLogoHref(data.iiif.collection)} title={t('exh.iiifCollection')}>
              <img className="iiif-link__logo" src={IIIF_LOGO_PATH} alt="" width={34} height={30} />
              <span className="visually-hidden">{t('exh.iiifCollection')}</span>
            </a>
          )}
        </div>
      </header>

      <div className={`exh-detail__main${aside ? ' exh-detail__main--aside' : ''}`}>
        {data.html && <div className="exh-detail__body prose" dangerouslySetInnerHTML={{ __html: data.html }} />}
        {data.map && (
          <aside className="exh-detail__aside" aria-labelledby="exh-location">
            <h2 id="exh-location" className="exh-detail__subhead">
              {t('exh.location')}
            </h2>
            <FloorPlan point={data.map} name={data.place || data.title} />
          </aside>
        )}
      </div>

      {data.gallery.length > 0 && (
        <section className="exh-detail__section" aria-labelledby="exh-images">
          <h2 id="exh-images" className="exh-detail__subhead">
            {t('exh.images')}
          </h2>
          <Gallery images={data.gallery} title={data.title} />
        </section>
      )}

      {data.exhibits.length > 0 && (
        <section className="exh-detail__section" aria-labelledby="exh-exhibits">
          <h2 id="exh-exhibits" className="exh-detail__subhead">
            {t('exh.exhibits')}
          </h2>
          <ListCards items={data.exhibits} layout="collection" />
        </section>
      )}

      <p className="exh-detail__back">
        <a href={data.back}>
          <span aria-hidden="true">← </span>
          {t('exh.backToList')}
        </a>
      </p>
    </article>
  );
}
