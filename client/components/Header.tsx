// The site header: the reading-mode strip, then logo home, the channel menu, the search icon, the
// language switch and the phone menu. Sticky; it turns slim once the visitor scrolls, by the stylesheet
// alone (a scroll-driven animation, frame.css), where the browser has them.
import { useLocation } from 'react-router';
import { menuTree } from '../../shared/channels.ts';
import { homePath, searchPath } from '../../shared/route-table.ts';
import { useFrame, useSiteHref } from '../frame.ts';
import { useT } from '../i18n.tsx';
import ChannelMenu from './ChannelMenu.tsx';
import LanguageSwitch from './HeaderLanguage.tsx';
import Logo from './HeaderLogo.tsx';
import MobileMenu from './MobileMenu.tsx';
import { CareStrip } from './ReadingModeSwitch.tsx';

export default function Header() {
  const t = useT();
  const frame = useFrame();
  const siteHref = useSiteHref();
  const { pathname } = useLocation();
  const menu = menuTree(frame.channels);

  return (
    <>
      {/* The header row is full at every width (logo, eight channels, search, language), so the
          reading-mode switch has a strip of its own above it, as Chinese public sites place 关怀版. */}
      <CareStrip />
      <header className="site-header">
        <div className="site-header__inner">
          <a className="site-header__logo" href={siteHref(homePath(frame.lang))}>
            <Logo lang={frame.lang} label={t('frame.logo', { site: t('site.title') })} />
          </a>
          <ChannelMenu nodes={menu} pathname={pathname} />
          <div className="site-header__tools">
            <a className="site-header__search" href={siteHref(searchPath(frame.lang))}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" />
                <path d="M15.5 15.5L21 21" />
              </svg>
              <span className="visually-hidden">{t('frame.search')}</span>
            </a>
            {!frame.englishFlag && <LanguageSwitch />}
            <MobileMenu nodes={menu} pathname={pathname} />
          </div>
        </div>
      </header>
    </>
  );
}
