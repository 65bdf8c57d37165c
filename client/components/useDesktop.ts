// Whether the viewport is desktop-wide, decided after hydration (null — not known — on the server and
// in the first client render, so both agree), then kept in step with the viewport.
import { useEffect, useState } from 'react';

export const DESKTOP_QUERY = '(min-width: 768px)';

export function useDesktop(): boolean | null {
  const [desktop, setDesktop] = useState<boolean | null>(null);
  useEffect(() => {
    const media = window.matchMedia(DESKTOP_QUERY);
    const update = () => setDesktop(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return desktop;
}
