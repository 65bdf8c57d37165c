// The object's picture with its deep zoom (inside the object's stage island). Without JavaScript, and
// until the island wakes, the picture and the "zoom in" button link to the whole image at full size. Once
// it is live, both open a modal dialog holding OpenSeadragon over the picture's IIIF image service; the
// viewer's code is fetched only then, so the page stays light.
// The dialog's own buttons zoom and reset; the viewer's canvas takes arrows, + and − from the keyboard
// and pinches from touch; Esc closes the dialog and focus goes back to the button.
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useT } from '../i18n.tsx';
import type { ZoomViewer } from './deep-zoom-viewer.ts';
import Spinner from './Spinner.tsx';
import { ViewerButton, ViewerIcon } from './ViewerControls.tsx';
import { useViewerT } from './viewer-texts.ts';

interface DeepZoomProps {
  /** The IIIF image service base and the whole picture's address. */
  zoom: { service: string; full: string };
  title: string;
  /** The picture as the page shows it. */
  children: ReactNode;
}

type ZoomState = 'closed' | 'loading' | 'ready' | 'failed';

export default function DeepZoom({ zoom, title, children }: DeepZoomProps) {
  const t = useT();
  const vt = useViewerT();
  const [scripted, setScripted] = useState(false);
  const [state, setState] = useState<ZoomState>('closed');
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const viewer = useZoomViewer(state, zoom.service, title, setState);
  // A button once the script can open the dialog; a link to the whole image until then.
  useEffect(() => setScripted(true), []);

  const open = () => {
    dialog.current?.showModal();
    setState('loading');
  };
  // A plain click on the picture opens the zoom too; one asking for a new tab or a download still follows the link.
  const opensInPlace = (e: MouseEvent) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !dialog.current) return false;
    e.preventDefault();
    return true;
  };
  // Esc (the dialog's cancel) and the close button both end here.
  const closed = () => {
    setState('closed');
    opener.current?.focus();
  };

  return (
    <div className="deep-zoom">
      <a className="deep-zoom__link" href={zoom.full} title={vt('zoomFull')} data-action="zoom" onClick={(e) => opensInPlace(e) && open()}>
        {children}
      </a>
      {scripted ? (
        <button ref={opener} type="button" className="deep-zoom__open" data-action="zoom" onClick={open}>
          <ViewerIcon name="magnify" />
          <span>{vt('zoomOpen')}</span>
        </button>
      ) : (
        <a className="deep-zoom__open" href={zoom.full} data-action="zoom">
          <ViewerIcon name="magnify" />
          <span>{vt('zoomOpen')}</span>
        </a>
      )}
      {scripted && (
        <dialog ref={dialog} className="zoom-dialog" aria-labelledby={`${viewer.ids.title}`} onClose={closed}>
          <div className="zoom-dialog__bar">
            <h2 id={viewer.ids.title} className="zoom-dialog__title">
              {vt('zoomDialog', { title })}
            </h2>
            <div className="zoom-dialog__tools">
              <ViewerButton icon="zoomIn" label={vt('zoomIn')} onClick={() => viewer.current()?.zoom(1)} />
              <ViewerButton icon="zoomOut" label={vt('zoomOut')} onClick={() => viewer.current()?.zoom(-1)} />
              <ViewerButton icon="home" label={vt('zoomHome')} onClick={() => viewer.current()?.home()} />
              <ViewerButton icon="close" label={t('detail.close')} onClick={() => dialog.current?.close()} />
            </div>
          </div>
          <div ref={viewer.host} className="zoom-dialog__viewer" />
          {state === 'loading' && (
            <div className="zoom-dialog__state">
              <Spinner color="#fff" />
            </div>
          )}
          {state === 'failed' && (
            <p className="zoom-dialog__state" role="alert">
              {vt('zoomFailed')} <a href={zoom.full}>{vt('zoomFull')}</a>
            </p>
          )}
          <p id={viewer.ids.help} className="zoom-dialog__help">
            {vt('zoomHelp')}
          </p>
        </dialog>
      )}
    </div>
  );
}

/**
 * Loads the viewer's module while the dialog is open and gives the viewer focus once it shows the
 * picture; the viewer goes when the dialog closes or the page leaves.
 */
function useZoomViewer(state: ZoomState, service: string, title: string, setState: (s: ZoomState) => void) {
  const vt = useViewerT();
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<ZoomViewer | null>(null);
  const base = useId();
  const ids = { title: `${base}-title`, help: `${base}-help` };
  const isOpen = state !== 'closed';
  const label = vt('zoomViewer', { title });

  useEffect(() => {
    if (!isOpen || !host.current) return;
    let live = true;
    const element = host.current;
    import('./deep-zoom-viewer.ts')
      .then(({ openZoomViewer }) => {
        if (!live) return;
        instance.current = openZoomViewer(element, {
          service,
          label,
          describedBy: ids.help,
          onReady: () => {
            if (!live) return;
            setState('ready');
            instance.current?.focusTarget.focus();
          },
          onFailed: () => live && setState('failed'),
        });
      })
      .catch(() => live && setState('failed'));
    return () => {
      live = false;
      instance.current?.destroy();
      instance.current = null;
    };
    // The viewer opens once per opening of the dialog; its texts do not change while it is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, service]);

  return { host, ids, current: () => instance.current };
}
