// One exhibit: its picture (the first of its semicolon list) with its deep zoom, the facts (type, period
// and exact date, size, grade, holding institution, provenance), the 3D model when there is one and the
// IIIF manifest that other viewers and aggregators open (the stage, an island: ExhibitStage), then the
// description and commentary (read aloud where the browser can: the listen island) and every picture as
// a gallery.
import Gallery from '../components/Gallery.tsx';
import type { ExhibitDetailData } from '../../shared/exhibition-views.ts';
import Island from '../islands/Island.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function ExhibitDetail() {
  const data = useScreenData('exhibitDetail');
  const t = useT();
  const { title, image, facts, zoom, model, iiif } = data;
  return (
    <article className="exhibit">
      <Island name="exhibitStage" props={{ title, image, facts, zoom, model, iiif }} />
      <ExhibitTexts data={data} />
      {data.gallery.length > 1 && (
        <section className="exhibit__section" aria-labelledby="exhibit-images">
          <h2 id="exhibit-images" className="exhibit__subhead">
            {t('col.images')}
          </h2>
          <Gallery images={data.gallery} title={data.title} />
        </section>
      )}

      <p className="exhibit__back">
        <a href={data.back}>
          <span aria-hidden="true">← </span>
          {t('col.backToList')}
        </a>
      </p>
    </article>
  );
}

/** The description and the commentary, which the browser reads aloud where it has a voice. */
function ExhibitTexts({ data }: { data: ExhibitDetailData }) {
  const t = useT();
  if (!data.html && !data.explanation) return null;
  return (
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
          <div className="exhibit__subhead-row">
            <h2 id="exhibit-explanation" className="exhibit__subhead">
              {t('col.explanation')}
            </h2>
            {data.speech && <Island name="listen" props={{ speech: data.speech }} />}
          </div>
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.explanation }} />
        </section>
      )}
    </div>
  );
}
