// One exhibit: its picture (the first of its semicolon list) with its deep zoom, every picture as a
// gallery, the facts (type, period and exact date, size, grade, holding institution, provenance), the
// description and commentary (read aloud where the browser can), the 3D model when there is one and the
// IIIF manifest that other viewers and aggregators open.
import { useRef, useState, type RefObject } from 'react';
import DeepZoom from '../components/DeepZoom.tsx';
import Gallery from '../components/Gallery.tsx';
import ListenButton from '../components/ListenButton.tsx';
import ModelViewer, { ModelButton } from '../components/ModelViewer.tsx';
import { useViewerT } from '../components/viewer-texts.ts';
import type { ExhibitDetailData } from '../../shared/exhibition-views.ts';
import { IIIF_LOGO_PATH, iiifLogoHref } from '../../shared/iiif.ts';
import SafeImage from '../components/SafeImage.tsx';
import { useListScroll } from '../components/useListScroll.ts';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../frame.ts';
import SiteLink from '../components/SiteLink.tsx';

export default function ExhibitDetail() {
  const data = useScreenData('exhibitDetail');
  const t = useT();
  useListScroll();
  // Which exhibit's model is on the stage: another exhibit (reached by a link) opens on its picture.
  const [modelOf, setModelOf] = useState<string | null>(null);
  const modelOpen = modelOf === data.id;
  const modelButton = useRef<HTMLButtonElement>(null);
  const model = data.model;

  const picture = data.image.length > 0 && (
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
  );
  const closeModel = () => {
    setModelOf(null);
    modelButton.current?.focus();
  };

  return (
    <article className="exhibit">
      <div className="exhibit__top">
        <div className="exhibit__stage">
          {modelOpen && model?.kind === 'gltf' ? (
            <ModelViewer url={model.url} title={data.title} poster={picture} onClose={closeModel} />
          ) : data.zoom && picture ? (
            <DeepZoom zoom={data.zoom} title={data.title}>
              {picture}
            </DeepZoom>
          ) : (
            picture
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
          <ExhibitTools
            model={model}
            iiif={data.iiif}
            modelOpen={modelOpen}
            onToggleModel={() => (modelOpen ? closeModel() : setModelOf(data.id))}
            modelButton={modelButton}
          />
        </div>
      </div>

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
        <SiteLink to={data.back}>
          <span aria-hidden="true">← </span>
          {t('col.backToList')}
        </SiteLink>
      </p>
    </article>
  );
}

/** The 3D model's toggle (or its link to another site's viewer) and the IIIF manifest's logo link. */
function ExhibitTools({
  model,
  iiif,
  modelOpen,
  onToggleModel,
  modelButton,
}: {
  model: ExhibitDetailData['model'];
  iiif: ExhibitDetailData['iiif'];
  modelOpen: boolean;
  onToggleModel: () => void;
  modelButton: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const vt = useViewerT();
  if (!model && !iiif) return null;
  return (
    <div className="exhibit__tools">
      {model?.kind === 'gltf' && <ModelButton url={model.url} open={modelOpen} onToggle={onToggleModel} buttonRef={modelButton} />}
      {model?.kind === 'link' && (
        <a className="button button--primary exhibit__model" href={model.url} target="_blank" rel="noopener">
          {t('col.model')}
          <span aria-hidden="true"> ↗</span>
          <span className="visually-hidden">{t('frame.newTab')}</span>
        </a>
      )}
      {iiif && (
        <a className="iiif-link" href={iiifLogoHref(iiif.manifest)} title={vt('iiifManifest')}>
          <img className="iiif-link__logo" src={IIIF_LOGO_PATH} alt="" width={34} height={30} />
          <span className="visually-hidden">{vt('iiifManifest')}</span>
        </a>
      )}
    </div>
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
            {data.speech && <ListenButton speech={data.speech} />}
          </div>
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.explanation }} />
        </section>
      )}
    </div>
  );
}
