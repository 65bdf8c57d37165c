// An island's React root, the same on both sides: the server renders it into the island's element
// (client/islands/Island.tsx), the browser hydrates it there (client/islands/hydrate.tsx). Its tree must
// be the same shape on both, since useId derives ids from the position in the tree: the signal that
// tells the page the island is live renders nothing, on both.
import { useMemo, useEffect, useState, type ReactNode } from 'react';
import { fillVars, type Vars } from '../../shared/fill-vars.ts';
import type { FrameData } from '../../shared/frame.ts';
import type { UiKey } from '../../shared/i18n.ts';
import { FrameProvider } from '../frame.ts';
import { TextsProvider } from '../i18n.tsx';

/**
 * Says the island is live once it shows what it does in the browser. Hydration renders the server's
 * HTML; the components' first effects then render again at once (a link becomes the button that opens
 * the zoom or the model, the listen button finds its voice). The state set here joins that render, so
 * the signal comes after it, and a click held until then (client/islands.client.ts) meets the live
 * controls rather than the server's links.
 */
function HydratedSignal({ onHydrated }: { onHydrated?: () => void }) {
  const [settled, setSettled] = useState(false);
  useEffect(() => setSettled(true), []);
  useEffect(() => {
    if (settled) onHydrated?.();
  }, [settled, onHydrated]);
  return null;
}

interface IslandRootProps {
  frame: FrameData;
  /** The strings the island took with it (shared/islands.ts): a key it did not take shows as itself. */
  texts: Readonly<Record<string, string>>;
  onHydrated?: () => void;
  children: ReactNode;
}

export default function IslandRoot({ frame, texts, onHydrated, children }: IslandRootProps) {
  const translate = useMemo(() => (key: UiKey, vars?: Vars) => fillVars(texts[key] ?? key, vars), [texts]);
  return (
    <FrameProvider value={frame}>
      <TextsProvider value={translate}>
        {children}
        <HydratedSignal onHydrated={onHydrated} />
      </TextsProvider>
    </FrameProvider>
  );
}
