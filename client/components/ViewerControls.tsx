// The controls of the object page's viewers (zoom, 3D, listen): line icons drawn with SVG attributes
// only (no style), in the colour of the text around them, and the round icon button that carries one.
// Icons are decorative: every control names itself.
import type { ReactNode } from 'react';

const PATHS = {
  magnify: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5 21 21M10.5 7.5v6M7.5 10.5h6" />
    </>
  ),
  zoomIn: <path d="M12 5v14M5 12h14" />,
  zoomOut: <path d="M5 12h14" />,
  home: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  turnLeft: <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" />,
  turnRight: <path d="M20 12a8 8 0 1 1-2.3-5.7M20 4v4h-4" />,
  cube: <path d="M12 3 4 7.5v9L12 21l8-4.5v-9L12 3Zm-8 4.5 8 4.5 8-4.5M12 12v9" />,
  play: <path d="M8 5v14l11-7L8 5Z" />,
  pause: <path d="M8 5v14M16 5v14" />,
  stop: <path d="M6 6h12v12H6z" />,
} satisfies Record<string, ReactNode>;

export type ViewerIconName = keyof typeof PATHS;

export function ViewerIcon({ name, size = 20 }: { name: ViewerIconName; size?: number }) {
  return (
    <svg
      className="viewer-icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {PATHS[name]}
    </svg>
  );
}

/** An icon-only button: its name is its label (also the pointer's tooltip). */
export function ViewerButton({ icon, label, onClick }: { icon: ViewerIconName; label: string; onClick: () => void }) {
  return (
    <button type="button" className="viewer-button" aria-label={label} title={label} onClick={onClick}>
      <ViewerIcon name={icon} />
    </button>
  );
}
