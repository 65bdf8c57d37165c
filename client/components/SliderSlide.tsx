// One slide of the home page's picture slider: the picture (the first one eager and high priority, as
// the server's complete first view), its title (linked when the slide has a link) and its caption.
import type { ReactNode } from 'react';
import type { Slide } from '../../shared/home-view.ts';
import { useT } from '../i18n.tsx';
import SafeImage from './SafeImage.tsx';

/** A date or a date range as captions write them (2026.05.18—2027.02.28, 2026年5月18日 – …). */
const DATE_RUN = /\d{4}[./\-年]\d{1,2}[./\-月]\d{1,2}日?(?:\s*[—–~～-]\s*(?:\d{4}[./\-年])?\d{1,2}[./\-月]\d{1,2}日?)?/g;

/** The caption with each date (range) kept on one line: a narrow screen breaks before it, not inside. */
function captionParts(caption: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of caption.matchAll(DATE_RUN)) {
    if (match.index > last) parts.push(caption.slice(last, match.index));
    parts.push(
      <span key={match.index} className="slider__date">
        {match[0]}
      </span>,
    );
    last = match.index + match[0].length;
  }
  if (last < caption.length) parts.push(caption.slice(last));
  return parts;
}

function SlideTitle({ slide }: { slide: Slide }) {
  if (!slide.link) return slide.title;
  return slide.link.external ? (
    <a className="slider__link" href={slide.link.href} target="_blank" rel="noopener">
      {slide.title}
    </a>
  ) : (
    <a className="slider__link" href={slide.link.href}>
      {slide.title}
    </a>
  );
}

export default function SliderSlide({ slide, index, count, current }: { slide: Slide; index: number; count: number; current: boolean }) {
  const t = useT();
  return (
    <div
      className={`slider__slide${current ? ' slider__slide--active' : ''}`}
      role="group"
      aria-roledescription="slide"
      aria-label={t('slider.slide', { n: index + 1, total: count })}
      aria-hidden={current ? undefined : true}
      inert={!current}
    >
      <SafeImage
        className="slider__image"
        sources={slide.image}
        alt=""
        width={1440}
        height={600}
        {...(index === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy' })}
      />
      <div className="slider__caption">
        <p className="slider__title">
          <SlideTitle slide={slide} />
        </p>
        {slide.caption && <p className="slider__text">{captionParts(slide.caption)}</p>}
      </div>
    </div>
  );
}
