// The slider's controls: previous, play/pause (hidden under prefers-reduced-motion), next, and the
// thumbnail strip (SLIDER_THUMBS at a time around the active slide; the others stay out of the tab order).
import type { Slide } from '../../shared/home-view.ts';
import { SLIDER_THUMBS, thumbWindowStart } from '../../shared/slider.ts';
import { useT } from '../i18n.tsx';
import SafeImage from './SafeImage.tsx';

interface SliderControlsProps {
  slides: Slide[];
  active: number;
  stopped: boolean;
  reduced: boolean;
  step: (by: number) => void;
  go: (index: number) => void;
  toggle: () => void;
}

export default function SliderControls({ slides, active, stopped, reduced, step, go, toggle }: SliderControlsProps) {
  const t = useT();
  const windowStart = thumbWindowStart(active, slides.length, SLIDER_THUMBS);
  return (
    <div className="slider__controls">
      <button type="button" className="slider__button slider__button--prev" onClick={() => step(-1)} aria-label={t('slider.prev')}>
        <span aria-hidden="true">‹</span>
      </button>
      <button
        type="button"
        className="slider__button slider__button--toggle"
        onClick={toggle}
        aria-label={stopped ? t('slider.play') : t('slider.pause')}
        hidden={reduced}
      >
        <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
      </button>
      <button type="button" className="slider__button slider__button--next" onClick={() => step(1)} aria-label={t('slider.next')}>
        <span aria-hidden="true">›</span>
      </button>
      {/* The group carries the strip's name: assistive technology may ignore a name on a list. */}
      <div role="group" aria-label={t('slider.thumbs')}>
        <ol className="slider__thumbs">
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
    </div>
  );
}
