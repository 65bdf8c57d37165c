// The site footer: the three social QR codes with their names, the address line,
// the copyright 2018–current year with the site title, the filing-number link and the government
// site-identification badge.
import { useFrame } from '../frame.ts';
import { useT } from '../i18n.tsx';
import type { UiKey } from '../../shared/i18n.ts';
import Logo from './HeaderLogo.tsx';

const COPYRIGHT_FROM = 2018;
const FILING_URL = 'https://beian.miit.gov.cn/';
const BADGE_URL = 'https://bszs.conac.cn/';

const SOCIAL: ReadonlyArray<{ key: UiKey; image: string }> = [
  { key: 'footer.wechat', image: '/qr/wechat.png' },
  { key: 'footer.xiaohongshu', image: '/qr/xiaohongshu.png' },
  { key: 'footer.douyin', image: '/qr/douyin.png' },
];

export default function Footer() {
  const t = useT();
  const { lang, year } = useFrame();
  const site = t('site.title');
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__about">
          <Logo lang={lang} label={site} light />
          <p className="site-footer__line">{t('footer.address')}</p>
          <p className="site-footer__line">{t('footer.hours')}</p>
        </div>
        <section className="site-footer__social" aria-labelledby="footer-follow">
          <h2 id="footer-follow" className="site-footer__heading">
            {t('footer.follow')}
          </h2>
          <ul className="site-footer__qr">
            {SOCIAL.map(({ key, image }) => (
              <li key={key} className="qr">
                <img className="qr__image" src={image} alt={t('footer.qrAlt', { name: t(key) })} width={96} height={96} loading="lazy" />
                <span className="qr__label">{t(key)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="site-footer__legal">
        <p className="site-footer__copyright">
          {t('footer.copyright', { from: COPYRIGHT_FROM, to: Math.max(year, COPYRIGHT_FROM), site })}
        </p>
        <p className="site-footer__filing">
          <a href={FILING_URL} target="_blank" rel="noopener">
            {t('footer.filing')}
            <span className="visually-hidden">{t('frame.newTab')}</span>
          </a>
          <span className="site-footer__police">{t('footer.police')}</span>
        </p>
        <a className="site-footer__badge" href={BADGE_URL} target="_blank" rel="noopener">
          <img src="/gov-badge.svg" alt={t('footer.badge')} width={44} height={54} loading="lazy" />
          <span className="visually-hidden">{t('frame.newTab')}</span>
        </a>
      </div>
    </footer>
  );
}
