// Museum palettes (the site's own, client/styles/tokens.css): paper, ink, vermilion and gold, plus
// the material colours of the objects (bronze patina, celadon, cobalt, jade). `light` says whether
// text on the ground is dark.

export interface Palette {
  bgInner: string;
  bgOuter: string;
  objTop: string;
  objBottom: string;
  /** Pattern lines on the object. */
  detail: string;
  accent: string;
  text: string;
  light: boolean;
}

export const PALETTES = {
  bronze: {
    bgInner: '#4d4236',
    bgOuter: '#15110d',
    objTop: '#9a8a5c',
    objBottom: '#3f5446',
    detail: '#d2b178',
    accent: '#b08d57',
    text: '#f4ead6',
    light: false,
  },
  porcelain: {
    bgInner: '#fbf8f1',
    bgOuter: '#dccfb3',
    objTop: '#fdfcf8',
    objBottom: '#dfe3e4',
    detail: '#24436e',
    accent: '#9b2c22',
    text: '#1f1f1f',
    light: true,
  },
  celadon: {
    bgInner: '#3d4b45',
    bgOuter: '#111815',
    objTop: '#b7d0b9',
    objBottom: '#5f8572',
    detail: '#e5efe0',
    accent: '#b08d57',
    text: '#eef2ea',
    light: false,
  },
  tenmoku: {
    bgInner: '#d9c7a3',
    bgOuter: '#8a6a45',
    objTop: '#3a2a1f',
    objBottom: '#0f0b08',
    detail: '#b07a45',
    accent: '#9b2c22',
    text: '#1f1f1f',
    light: true,
  },
  sancai: {
    bgInner: '#3b2a22',
    bgOuter: '#120c09',
    objTop: '#e0b75f',
    objBottom: '#5e7a3e',
    detail: '#f3e6c4',
    accent: '#b08d57',
    text: '#f4ead6',
    light: false,
  },
  jade: {
    bgInner: '#2f3a34',
    bgOuter: '#0d1210',
    objTop: '#cadbb5',
    objBottom: '#7d9a74',
    detail: '#eef4e2',
    accent: '#b08d57',
    text: '#eef2ea',
    light: false,
  },
  gold: {
    bgInner: '#4a231c',
    bgOuter: '#160a08',
    objTop: '#e2c07a',
    objBottom: '#8c6a34',
    detail: '#5a3a18',
    accent: '#d9b46a',
    text: '#f6ecd8',
    light: false,
  },
  ink: {
    bgInner: '#f8f2e4',
    bgOuter: '#e2d3b3',
    objTop: '#f6efdd',
    objBottom: '#e9dcc0',
    detail: '#2a2622',
    accent: '#9b2c22',
    text: '#1f1f1f',
    light: true,
  },
  paper: {
    bgInner: '#fbf6ea',
    bgOuter: '#e8dcc2',
    objTop: '#6d5a45',
    objBottom: '#3a2f25',
    detail: '#b08d57',
    accent: '#9b2c22',
    text: '#1f1f1f',
    light: true,
  },
  vermilion: {
    bgInner: '#a83a2c',
    bgOuter: '#4e130e',
    objTop: '#f0d9a6',
    objBottom: '#c79a52',
    detail: '#7a1f17',
    accent: '#f3dfb2',
    text: '#fbf1dc',
    light: false,
  },
  sepia: {
    bgInner: '#efe2c6',
    bgOuter: '#b99c6e',
    objTop: '#7a6043',
    objBottom: '#4a3826',
    detail: '#e8d8b5',
    accent: '#8a3a28',
    text: '#2b2118',
    light: true,
  },
  dusk: {
    bgInner: '#f3d6a4',
    bgOuter: '#8e3b2a',
    objTop: '#5a3a2c',
    objBottom: '#2a1a14',
    detail: '#d9b46a',
    accent: '#9b2c22',
    text: '#fdf4e2',
    light: false,
  },
  indigo: {
    bgInner: '#22365a',
    bgOuter: '#0a1020',
    objTop: '#8fd0e0',
    objBottom: '#2c6f8c',
    detail: '#c9f1ff',
    accent: '#d9b46a',
    text: '#e8f4fa',
    light: false,
  },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;
