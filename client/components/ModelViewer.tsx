// The object's 3D model, when it is a glTF file of this site. The stage shows the picture first; the
// "view the 3D model" button (a plain link to the file until the stage island is live) puts the model
// viewer on the stage in its place, and three.js is fetched only then. Where WebGL or the file fails, the picture
// stays with a word of why and the file's link: never an empty box.
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useT } from '../i18n.tsx';
import type { ModelViewer as Viewer } from './model-viewer-3d.ts';
import Spinner from './Spinner.tsx';
import { ViewerButton, ViewerIcon } from './ViewerControls.tsx';
import { useViewerT } from './viewer-texts.ts';

/** The button that shows and hides the viewer; before the script runs, a link to the file. */
export function ModelButton({
  url,
  open,
  onToggle,
  buttonRef,
}: {
  url: string;
  open: boolean;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const t = useT();
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  if (!scripted) {
    return (
      <a className="button button--primary exhibit__model" href={url} download data-action="model">
        <ViewerIcon name="cube" />
        <span>{t('col.model')}</span>
      </a>
    );
  }
  return (
    <button
      ref={buttonRef}
      type="button"
      className="button button--primary exhibit__model"
      aria-pressed={open}
      data-action="model"
      onClick={onToggle}
    >
      <ViewerIcon name="cube" />
      <span>{t('col.model')}</span>
    </button>
  );
}

type ModelState = 'loading' | 'ready' | 'failed';

interface ModelViewerProps {
  url: string;
  title: string;
  /** The picture shown until the model is drawn (and when it cannot be). */
  poster: ReactNode;
  onClose: () => void;
}

export default function ModelViewer({ url, title, poster, onClose }: ModelViewerProps) {
  const vt = useViewerT();
  const [state, setState] = useState<ModelState>('loading');
  const host = useRef<HTMLDivElement>(null);
  const viewer = useRef<Viewer | null>(null);
  const helpId = useId();
  const label = vt('modelViewer', { title });

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let live = true;
    const failed = () => live && setState('failed');
    import('./model-viewer-3d.ts')
      .then(({ openModelViewer }) => {
        if (!live) return;
        viewer.current = openModelViewer(element, {
          url,
          label,
          describedBy: helpId,
          onReady: () => {
            if (!live) return;
            setState('ready');
            viewer.current?.focusTarget.focus();
          },
          onFailed: failed,
        });
      })
      // No WebGL: the renderer throws while it is made.
      .catch(failed);
    return () => {
      live = false;
      viewer.current?.destroy();
      viewer.current = null;
    };
    // One viewer per model; its name does not change while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  return (
    <section className={`model-view model-view--${state}`} aria-label={label}>
      {state !== 'ready' && <div className="model-view__poster">{poster}</div>}
      <div ref={host} className="model-view__host" />
      {state === 'loading' && (
        <div className="model-view__state">
          <Spinner />
        </div>
      )}
      {state === 'failed' && (
        <p className="model-view__state model-view__state--failed" role="alert">
          {vt('modelFailed')}{' '}
          <a href={url} download>
            {vt('modelFile')}
          </a>
        </p>
      )}
      <div className="model-view__tools">
        {state === 'ready' && (
          <>
            <ViewerButton icon="turnLeft" label={vt('modelTurnLeft')} onClick={() => viewer.current?.turn(-1)} />
            <ViewerButton icon="turnRight" label={vt('modelTurnRight')} onClick={() => viewer.current?.turn(1)} />
            <ViewerButton icon="home" label={vt('zoomHome')} onClick={() => viewer.current?.home()} />
          </>
        )}
        <ViewerButton icon="close" label={vt('modelClose')} onClick={onClose} />
      </div>
      <p id={helpId} className="model-view__help">
        {vt('modelHelp')}
      </p>
    </section>
  );
}
