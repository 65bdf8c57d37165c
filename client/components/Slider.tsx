// The home page's picture slider (spec §9: 500 ms transitions, a thumbnail strip of 3). The server
// renders the first slide as a plain, complete picture (fetchpriority high, a fixed aspect ratio so
// nothing shifts), which is all a visitor without JavaScript gets. After hydration the slides cross-fade
// on a timer that pauses while the pointer is over the slider or focus is inside it, and stops for
// good under prefers-reduced-motion or when the visitor presses pause; the arrow keys, the buttons and
// the thumbnails move between slides.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Slide } from '../../shared/home-view.ts';
import { SLIDER_THUMBS, SLIDE_INTERVAL_MS, stepSlide, thumbWindowStart } from '../../shared/slider.ts';
import { Link } from 'react-router';
import { useT } from '../i18n.tsx';
import SafeImage from './SafeImage.tsx';

export interface SliderProps {
  slides: Slide[];
  /** Accessible name of the carousel. */
  label?: string;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

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

export default function Slider({ slides, label }: SliderProps) {
  const t = useT();
  const count = slides.length;
  const [active, setActive] = useState(0);
  // Set after hydration: the server and the first client render must agree (no JS → static slide 1).
  const [ready, setReady] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [tabVisible, setTabVisible] = useState(true);
  const rootRef = useRef<HTMLElement>(null);

  useEffect(() => {
    setReady(true);
    const mq = window.matchMedia(reducedMotionQuery);
    const sync = () => setReduced(mq.matches);
    sync();
    mq.addEventListener('change', sync);
    // A hidden tab does not advance: nobody is watching.
    const onVisibility = () => setTabVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      mq.removeEventListener('change', sync);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);

  const playing = ready && count > 1 && !reduced && !stopped;
  const paused = hovered || focused || !tabVisible;

  useEffect(() => {
    if (!playing || paused) return;
    // Restarted on every change of slide, so a visitor's step gets a full interval too.
    const timer = window.setTimeout(() => setActive((i) => stepSlide(i, 1, count)), SLIDE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, paused, active, count]);

  const go = useCallback((index: number) => setActive(stepSlide(index, 0, count)), [count]);
  const step = useCallback((by: number) => setActive((i) => stepSlide(i, by, count)), [count]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      step(event.key === 'ArrowRight' ? 1 : -1);
    }
  };

  if (count === 0) return null;
  const windowStart = thumbWindowStart(active, count, SLIDER_THUMBS);
  const rootClass = [
    'slider',
    ready ? 'slider--ready' : '',
    playing && !paused ? 'slider--playing' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <section
      ref={rootRef}
      className={rootClass}
      aria-roledescription="carousel"
      aria-label={label ?? t('slider.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      {/* Screen readers hear slide changes the visitor makes, not the timer's. */}
      <div className="slider__viewport" aria-live={playing && !paused ? 'off' : 'polite'}>
        {slides.map((slide, i) => {
          const current = i === active;
          const heading = !slide.link ? (
            slide.title
          ) : slide.link.external ? (
            <a className="slider__link" href={slide.link.href} target="_blank" rel="noopener">
              {slide.title}
            </a>
          ) : (
            <Link className="slider__link" to={slide.link.href}>
              {slide.title}
            </Link>
          );
          return (
            <div
              key={slide.id}
              className={`slider__slide${current ? ' slider__slide--active' : ''}`}
              role="group"
              aria-roledescription="slide"
              aria-label={t('slider.slide', { n: i + 1, total: count })}
              aria-hidden={current ? undefined : true}
              inert={!current}
            >
              <SafeImage
                className="slider__image"
                sources={slide.image}
                alt=""
                width={1440}
                height={600}
                {...(i === 0 ? { loading: 'eager', fetchPriority: 'high' } : { loading: 'lazy' })}
              />
              <div className="slider__caption">
                <p className="slider__title">{heading}</p>
                {slide.caption && <p className="slider__text">{captionParts(slide.caption)}</p>}
              </div>
            </div>
          );
        })}
      </div>

      {count > 1 && (
        <div className="slider__controls">
          <button type="button" className="slider__button slider__button--prev" onClick={() => step(-1)} aria-label={t('slider.prev')}>
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="slider__button slider__button--toggle"
            onClick={() => setStopped((s) => !s)}
            aria-label={stopped ? t('slider.play') : t('slider.pause')}
            hidden={reduced}
          >
            <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          </button>
          <button type="button" className="slider__button slider__button--next" onClick={() => step(1)} aria-label={t('slider.next')}>
            <span aria-hidden="true">›</span>
          </button>
          <ol className="slider__thumbs" aria-label={t('slider.thumbs')}>
            {slides.map((slide, i) => {
              const visible = i >= windowStart && i < windowStart + SLIDER_THUMBS;
              return (
                <li key={slide.id} className={`slider__thumb${visible ? '' : ' slider__thumb--off'}`}>
                  <button
                    type="button"
                    className="slider__thumb-button"
                    onClick={() => go(i)}
                    aria-label={t('slider.goto', { n: i + 1, title: slide.title })}
                    aria-current={i === active ? 'true' : undefined}
                    tabIndex={visible ? 0 : -1}
                  >
                    <SafeImage
                      className="slider__thumb-image"
                      sources={slide.thumb}
                      alt=""
                      width={160}
                      height={90}
                      loading="lazy"
                      // A 96 px strip (64 px on phones): the 300 px variant is enough at any density.
                      responsive={{ sizes: '96px', widths: [300] }}
                    />
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}
