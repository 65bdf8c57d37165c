// The frame around every screen: header, main, footer. Home takes the index style; other pages the
// inner style with banner, breadcrumb and channel tabs; search brings its own simple header. In the
// messenger mode (platform=wx) the header and footer are left out: the messenger shows its own title
// bar and menu, and the page keeps only its content and in-page wayfinding.
import { Outlet, useLocation } from 'react-router';
import { channelChain } from '../../shared/channels.ts';
import type { ScreenKind } from '../../shared/route-table.ts';
import Banner from '../components/Banner.tsx';
import Breadcrumb from '../components/Breadcrumb.tsx';
import ChannelTabs from '../components/ChannelTabs.tsx';
import Footer from '../components/Footer.tsx';
import Header from '../components/Header.tsx';
import { CareStrip } from '../components/ReadingModeSwitch.tsx';
import type { FrameData } from '../frame.ts';
import { useT } from '../i18n.tsx';
import { RouterFrame } from '../page-data.ts';
import { usePageInfo } from './page-state.ts';
import { MAIN_ID } from '../../shared/dom-ids.ts';

/** Screens that show one record and bring their own <h1>; list screens get the channel name as <h1>. */
const RECORD_SCREENS: ReadonlySet<ScreenKind> = new Set([
  'detail',
  'exhibitionDetail',
  'exhibitDetail',
  'activityDetail',
  'questionnaire',
  'questionnaireResult',
]);

export default function Layout() {
  return <RouterFrame>{(frame) => <Frame frame={frame} />}</RouterFrame>;
}

function Frame({ frame }: { frame: FrameData }) {
  const t = useT();
  const page = usePageInfo();
  const { pathname } = useLocation();

  const screen = page.def?.screen ?? 'notFound';
  const chrome = !frame.wx;
  const skip = (
    <a className="skip-link" href={`#${MAIN_ID}`}>
      {t('frame.skip')}
    </a>
  );

  if (screen === 'search' && page.state === 'ok') {
    return (
      <div className={`page page--search${frame.wx ? ' page--wx' : ''}`} data-screen={screen}>
        {skip}
        {/* The search screen brings its own header: the reading-mode strip goes above it. */}
        {chrome && <CareStrip />}
        <Outlet />
        {chrome && <Footer />}
      </div>
    );
  }

  const inner = screen !== 'home' && screen !== 'notFound' && page.state === 'ok';
  const chain = inner ? channelChain(frame.channels, pathname) : [];
  const record = RECORD_SCREENS.has(screen);
  const channel = chain[chain.length - 1];

  return (
    <div
      className={`page page--${screen === 'home' ? 'index' : 'inner'}${frame.wx ? ' page--wx' : ''}`}
      data-screen={screen}
      data-state={page.state}
    >
      {skip}
      {chrome && <Header />}
      <main id={MAIN_ID} className="page__main">
        {inner ? (
          <>
            <Banner section={chain[0]} />
            <div className="inner">
              <Breadcrumb chain={chain} record={record} />
              <ChannelTabs chain={chain} />
              <div className="inner__body">
                {!record && channel && <h1 className="inner__title">{channel.name}</h1>}
                <Outlet />
              </div>
            </div>
          </>
        ) : (
          <div className={screen === 'home' ? 'index' : 'inner inner--status'}>
            <Outlet />
          </div>
        )}
      </main>
      {chrome && <Footer />}
    </div>
  );
}
