// The top of an object's page, an island: the picture on its stage (deep zoom over the IIIF image
// service, or the 3D model in its place), and beside it the title, the facts, the 3D model's button and
// the IIIF manifest's logo link. One island, because the button in the panel puts the model on the
// stage. Before it wakes (at the visitor's first touch) and without JavaScript, the zoom's button and the
// picture link to the whole image, and the model's button to its file; a click on one of them before then
// is held and given to the island once it is live (client/islands.client.ts).
import { useRef, useState, type RefObject } from 'react';
import type { ExhibitDetailData } from '../../shared/exhibition-views.ts';
import { IIIF_LOGO_PATH, iiifLogoHref } from '../../shared/iiif.ts';
import { useT } from '../i18n.tsx';
import DeepZoom from './DeepZoom.tsx';
import ModelViewer, { ModelButton } from './ModelViewer.tsx';
import SafeImage from './SafeImage.tsx';
import { useViewerT } from './viewer-texts.ts';

export type ExhibitStageProps = Pick<ExhibitDetailData, 'title' | 'image' | 'facts' | 'zoom' | 'model' | 'iiif'>;

export default function ExhibitStage({ title, image, facts, zoom, model, iiif }: ExhibitStageProps) {
  const t = useT();
  const [modelOpen, setModelOpen] = useState(false);
  const modelButton = useRef<HTMLButtonElement>(null);

  const picture = image.length > 0 && (
    <SafeImage
      className="exhibit__image"
      sources={image}
      alt={title}
      width={800}
      height={800}
      loading="eager"
      fetchPriority="high"
      // collection.css: the stage is ~640 px beside the facts, the full width below 900 px.
      responsive={{ sizes: '(max-width: 900px) 100vw, 640px' }}
    />
  );
  const closeModel = () => {
    setModelOpen(false);
    modelButton.current?.focus();
  };

  return (
    <div className="exhibit__top">
      <div className="exhibit__stage">
        {modelOpen && model?.kind === 'gltf' ? (
          <ModelViewer url={model.url} title={title} poster={picture} onClose={closeModel} />
        ) : zoom && picture ? (
          <DeepZoom zoom={zoom} title={title}>
            {picture}
          </DeepZoom>
        ) : (
          picture
        )}
      </div>
      <div className="exhibit__panel">
        <h1 className="exhibit__title">{title}</h1>
        {facts.length > 0 && (
          <dl className="exhibit__facts">
            {facts.map((f) => (
              <div key={f.key} className="exhibit__fact">
                <dt>{t(f.key)}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        <ExhibitTools
          model={model}
          iiif={iiif}
          modelOpen={modelOpen}
          onToggleModel={() => (modelOpen ? closeModel() : setModelOpen(true))}
          modelButton={modelButton}
        />
      </div>
    </div>
  );
}

/** The 3D model's toggle (or its link to another site's viewer) and the IIIF manifest's logo link. */
function ExhibitTools({
  model,
  iiif,
  modelOpen,
  onToggleModel,
  modelButton,
}: Pick<ExhibitStageProps, 'model' | 'iiif'> & {
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
