// One exhibit: its picture (the first of its semicolon list), every picture as a gallery,
// the facts (type, period and exact date, size, grade, holding institution, provenance), the
// description and commentary, and the 3D model when there is one.
import Gallery from '../components/Gallery.tsx';
import SafeImage from '../components/SafeImage.tsx';
import { useListScroll } from '../components/useListScroll.ts';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../frame.ts';
import SiteLink from '../components/SiteLink.tsx';

export default function ExhibitDetail() {
  const data = useScreenData('exhibitDetail');
  const t = useT();
  useListScroll();

  return (
    <article className="exhibit">
      <div className="exhibit__top">
        <div className="exhibit__stage">
          {data.image.length > 0 && (
            <SafeImage
              className="exhibit__image"
              sources={data.image}
              alt={data.title}
              width={800}
              height={800}
              loading="eager"
              fetchPriority="high"
              // collection.css: the stage is ~640 px beside the facts, the full width below 900 px.
              responsive={{ sizes: '(max-width: 900px) 100vw, 640px' }}
            />
          )}
        </div>
        <div className="exhibit__panel">
          <h1 className="exhibit__title">{data.title}</h1>
          {data.facts.length > 0 && (
            <dl className="exhibit__facts">
              {data.facts.map((f) => (
                <div key={f.key} className="exhibit__fact">
                  <dt>{t(f.key)}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {data.modelUrl && (
            <a className="button button--primary exhibit__model" href={data.modelUrl} target="_blank" rel="noopener">
              {t('col.model')}
              <span aria-hidden="true"> ↗</span>
              <span className="visually-hidden">{t('frame.newTab')}</span>
            </a>
          )}
        </div>
      </div>

      {(data.html || data.explanation) && (
        <div className={`exhibit__texts${data.html && data.explanation ? ' exhibit__texts--two' : ''}`}>
          {data.html && (
            <section className="exhibit__section" aria-labelledby="exhibit-about">
              <h2 id="exhibit-about" className="exhibit__subhead">
                {t('col.description')}
              </h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />
            </section>
          )}
          {data.explanation && (
            <section className="exhibit__section exhibit__section--note" aria-labelledby="exhibit-explanation">
              <h2 id="exhibit-explanation" className="exhibit__subhead">
                {t('col.explanation')}
              </h2>
              <div className="prose" dangerouslySetInnerHTML={{ __html: data.explanation }} />
            </section>
          )}
        </div>
      )}
      {data.gallery.length > 1 && (
        <section className="exhibit__section" aria-labelledby="exhibit-images">
          <h2 id="exhibit-images" className="exhibit__subhead">
            {t('col.images')}
          </h2>
          <Gallery images={data.gallery} title={data.title} />
        </section>
      )}

      <p className="exhibit__back">
        <SiteLink to={data.back}>
          <span aria-hidden="true">← </span>
          {t('col.backToList')}
        </SiteLink>
      </p>
    </article>
  );
}
