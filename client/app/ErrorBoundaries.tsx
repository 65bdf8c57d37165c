// What a failed route shows. A 404 is the not-found screen (inside the frame when the frame loaded);
// an unreachable content service is the friendly service-error page. Any other failure never reaches
// a render: the engine sends the visitor to the home page instead (server/pages/engine.ts), and should
// one get this far, it is the service-error page too, never a broken one.
import { isRouteErrorResponse, useRouteError } from 'react-router';
import Logo from '../components/HeaderLogo.tsx';
import { useFrame } from '../frame.ts';
import { useT } from '../i18n.tsx';
import { RouterFrame } from '../page-data.ts';
import NotFound from '../screens/NotFound.tsx';
import ServiceError from './ServiceError.tsx';
import { MAIN_ID } from '../../shared/dom-ids.ts';

type ErrorView = 'notFound' | 'service' | 'home';

export function errorView(error: unknown): ErrorView {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404 || error.status === 405) return 'notFound';
    if (error.status === 502 || error.status === 503) return 'service';
  }
  return 'home';
}

function ErrorScreen() {
  const error = useRouteError();
  const view = errorView(error);
  if (view === 'notFound') return <NotFound />;
  return <ServiceError />;
}

/** The frame is gone (no channel tree), but the museum's name stays at the top. */
function BareLogo() {
  const t = useT();
  const { lang } = useFrame();
  return <Logo lang={lang} label={t('site.title')} />;
}

/** Leaf routes: the error replaces the screen inside the frame. */
export function ScreenErrorBoundary() {
  return <ErrorScreen />;
}

/** The root route: the frame itself failed (no channel tree), so the page is bare. */
export function RootErrorBoundary() {
  return (
    <RouterFrame>
      {() => (
        <div className="page page--bare" data-state="error">
          <main id={MAIN_ID} className="page__main page__main--bare">
            <BareLogo />
            <ErrorScreen />
          </main>
        </div>
      )}
    </RouterFrame>
  );
}
