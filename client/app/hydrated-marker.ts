// Marks the document once React has hydrated it (`<html data-hydrated="true">`): the browser tests
// and the audit wait for it, since hydration is deferred until the page has loaded.
import { useEffect } from 'react';

export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
