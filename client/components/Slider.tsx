// The home page's picture slider (500 ms transitions, a thumbnail strip of 3). The server
// renders the first slide as a plain, complete picture (fetchpriority high, a fixed aspect ratio so
// nothing shifts), which is all a visitor without JavaScript gets. After hydration the slides cross-fade
// on a timer that pauses while the pointer is over the slider or focus is inside it, and stops for
// good under prefers-reduced-motion or when the visitor presses pause; the arrow keys, the buttons and
// the thumbnails move between slides.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Slide } from '../../shared/home-view.ts';
import { SLIDE_INTERVAL_MS, stepSlide } from '../../shared/slider.ts';
import { useT } from '../i18n.tsx';
import SliderControls from './SliderControls.tsx';
import SliderSlide from './SliderSlide.tsx';

export interface SliderProps {
  slides: Slide[];
  /** Accessible name of the carousel. */
  label?: string;
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

/**
 * What the page allows the slider after hydration: `ready` (false on the server and the first client
 * render, so both agree), prefers-reduced-motion, and whether the tab is visible.
 */
function useSliderEnvironment(): { ready: boolean; reduced: boolean; tabVisible: boolean } {
  const [ready, setReady] = useState(false);
  const [reduced, setReduced] = useState(false);
  const [tabVisible, setTabVisible] = useState(true);
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
  return { ready, reduced, tabVisible };
}

export default function Slider({ slides, label }: SliderProps) {
  const t = useT();
  const count = slides.length;
  const [active, setActive] = useState(0);
  const { ready, reduced, tabVisible } = useSliderEnvironment();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rootRef = useRef<HTMLElement>(null);

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
  const rootClass = ['slider', ready ? 'slider--ready' : '', playing && !paused ? 'slider--playing' : ''].filter(Boolean).join(' ');

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
        {slides.map((slide, i) => (
          <SliderSlide key={slide.id} slide={slide} index={i} count={count} current={i === active} />
        ))}
      </div>

      {count > 1 && (
        <SliderControls
          slides={slides}
          active={active}
          stopped={stopped}
          reduced={reduced}
          step={step}
          go={go}
          toggle={() => setStopped((s) => !s)}
        />
      )}
    </section>
  );
}
