// Where a long-term exhibition is (its extension1/extension2 are its map x and y): a simple
// drawn floor plan of the galleries with a marker at the exhibition's place, in per cent of the plan.
// The drawing is decoration; the caption says the same in words for every visitor.
import type { MapPoint } from '../../shared/exhibits.ts';
import {
  GALLERY_ROOMS,
  PLAN_HEIGHT,
  PLAN_WIDTH,
  toPictureHeight as ph,
  toPictureWidth as pw,
  toPictureX as px,
  toPictureY as py,
} from '../../shared/floor-plan.ts';
import type { UiKey } from '../../shared/i18n.ts';
import { useT } from '../i18n.tsx';

/** The drawn part of the plan (the margin round the building left out). */
const VIEW = '60 60 880 680';

/** The ninth of the plan a point falls in, as a visitor says it (north is the top, the entrance south). */
function planArea({ x, y }: MapPoint): UiKey {
  const row = y < 100 / 3 ? 'n' : y < 200 / 3 ? '' : 's';
  const col = x < 100 / 3 ? 'w' : x < 200 / 3 ? '' : 'e';
  return `exh.area.${row + col || 'c'}` as UiKey;
}

export default function FloorPlan({ point, name }: { point: MapPoint; name: string }) {
  const t = useT();
  const cx = (point.x / 100) * PLAN_WIDTH;
  const cy = (point.y / 100) * PLAN_HEIGHT;
  const caption = t('exh.marker', { name, area: t(planArea(point)) });
  return (
    <figure className="floor-plan">
      <svg className="floor-plan__drawing" viewBox={VIEW} width={880} height={680} role="img" aria-label={t('exh.floorPlan')}>
        <rect className="floor-plan__building" x={px(3)} y={py(5)} width={pw(94)} height={ph(90)} />
        {GALLERY_ROOMS.map(([x, y, w, h]) => (
          <rect key={`${x}-${y}`} className="floor-plan__room" x={px(x)} y={py(y)} width={pw(w)} height={ph(h)} />
        ))}
        <path className="floor-plan__entrance" d={`M${px(45)} ${py(95)} H${px(55)}`} />
        <text className="floor-plan__label" x={PLAN_WIDTH / 2} y={py(95) + 44} textAnchor="middle">
          {t('exh.entrance')}
        </text>
        <g className="floor-plan__marker" transform={`translate(${cx.toFixed(1)} ${cy.toFixed(1)})`}>
          <circle className="floor-plan__halo" r="48" />
          <path className="floor-plan__pin" d="M0 0 C-25 -32 -32 -47 -32 -61 A32 32 0 1 1 32 -61 C32 -47 25 -32 0 0 Z" />
          <circle className="floor-plan__dot" cy="-61" r="12" />
        </g>
      </svg>
      <figcaption className="floor-plan__caption">{caption}</figcaption>
    </figure>
  );
}
