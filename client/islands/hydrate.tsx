// Hydrates one island on its own React root, in the browser: the props and frame the server wrote on the
// island's element, and the id prefix the server rendered it with, so useId gives the same ids on both
// sides. Loaded with React itself, when the island's trigger fires (client/islands.client.ts).
import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_ATTR } from '../../shared/islands.ts';
import type { FrameData } from '../../shared/frame.ts';
import IslandRoot from './root.tsx';

const json = <T,>(el: HTMLElement, attr: string): T => JSON.parse(el.getAttribute(attr) ?? 'null') as T;

export default function hydrateIsland(el: HTMLElement, Component: ComponentType<object>, onHydrated: () => void): void {
  const props = json<object>(el, ISLAND_ATTR.props) ?? {};
  const frame = json<FrameData>(el, ISLAND_ATTR.frame);
  const texts = json<Record<string, string>>(el, ISLAND_ATTR.texts) ?? {};
  const identifierPrefix = el.getAttribute(ISLAND_ATTR.prefix) ?? '';
  // As a transition, hydration yields to the browser between units of work (no long task on a slow phone).
  startTransition(() => {
    hydrateRoot(
      el,
      <IslandRoot frame={frame} texts={texts} onHydrated={onHydrated}>
        <Component {...props} />
      </IslandRoot>,
      {
        identifierPrefix,
        // A mismatch is a bug; it is said on the console, where the browser tests look for it.
        onRecoverableError: (error) => console.error('island hydration error', el.getAttribute(ISLAND_ATTR.name), error),
      },
    );
  });
}
