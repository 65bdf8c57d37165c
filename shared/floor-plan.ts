// The galleries' floor plan, one layout for the picture the demo content ships, the plan the
// exhibition page draws and the map points (extension1/extension2) the demo places on it:
// a 1000×750 picture with the building drawn 60 units in, measured in plan units of 0–100 each way.

export const PLAN_WIDTH = 1000;
export const PLAN_HEIGHT = 750;
const INSET = 60;
const UNIT_X = 8.8;
const UNIT_Y = 6.3;

/** A room: x, y, width, height in plan units. */
type Room = readonly [number, number, number, number];

/** Three galleries across, two wide halls, three galleries across; the entrance is at the bottom (south). */
export const GALLERY_ROOMS: readonly Room[] = [
  [6, 8, 28, 30],
  [36, 8, 28, 30],
  [66, 8, 28, 30],
  [6, 40, 40, 26],
  [48, 40, 46, 26],
  [6, 68, 28, 24],
  [36, 68, 28, 24],
  [66, 68, 28, 24],
];

const round = (n: number): number => Math.round(n * 10) / 10;

/** Plan units → picture units (positions and lengths). */
export const toPictureX = (u: number): number => round(INSET + u * UNIT_X);
export const toPictureY = (u: number): number => round(INSET + u * UNIT_Y);
export const toPictureWidth = (u: number): number => round(u * UNIT_X);
export const toPictureHeight = (u: number): number => round(u * UNIT_Y);

/** A point in plan units as per cent of the picture's width and height (what a map point holds). */
export function planPercent(ux: number, uy: number): [number, number] {
  return [((INSET + ux * UNIT_X) / PLAN_WIDTH) * 100, ((INSET + uy * UNIT_Y) / PLAN_HEIGHT) * 100];
}
