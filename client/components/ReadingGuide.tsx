// The reading guide of the reading mode: a translucent horizontal band that follows the pointer, so
// an eye that loses its line finds it again. A JavaScript-only enhancement for mouse users: nothing
// is rendered before hydration or on touch screens, and the choice is kept in localStorage.
import { useEffect, useRef, useState } from 'react';
import { useT } from '../i18n.tsx';

const GUIDE_STORAGE_KEY = 'portal.careGuide';

const finePointer = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

function stored(): boolean {
  try {
    return window.localStorage.getItem(GUIDE_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export default function ReadingGuide() {
  const t = useT();
  const [usable, setUsable] = useState(false);
  const [on, setOn] = useState(false);
  const band = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setUsable(finePointer());
    setOn(stored());
  }, []);

  useEffect(() => {
    if (!on) return;
    const move = (event: PointerEvent) => {
      const el = band.current;
      if (el) el.style.transform = `translateY(${Math.round(event.clientY)}px)`;
    };
    window.addEventListener('pointermove', move, { passive: true });
    return () => window.removeEventListener('pointermove', move);
  }, [on]);

  if (!usable) return null;
  const toggle = () => {
    const next = !on;
    setOn(next);
    try {
      if (next) window.localStorage.setItem(GUIDE_STORAGE_KEY, '1');
      else window.localStorage.removeItem(GUIDE_STORAGE_KEY);
    } catch {
      // Without storage the guide lasts for this page only.
    }
  };
  return (
    <>
      <button type="button" className="care-switch__guide" aria-pressed={on} onClick={toggle}>
        {t('care.guide')}
      </button>
      {on && <div className="reading-guide" ref={band} aria-hidden="true" />}
    </>
  );
}
