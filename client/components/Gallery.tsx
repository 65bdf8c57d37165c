// The image gallery (6 a row on desktop, 3 on phones — CSS grid) with a lightbox made of HTML and CSS
// alone: each thumbnail links to its picture's viewer in the page (`#…`), which the stylesheet shows
// over everything while it is the address's target (detail.css); the viewer links to the previous and
// next pictures and back to the grid, and Back in the browser steps back the same way. Its large picture
// loads only when it is shown (lazy, inside a hidden viewer). Without the stylesheet, every link still
// leads to a picture.
import { useId } from 'react';
import type { GalleryImage } from '../../shared/view-parts.ts';
import { useT } from '../i18n.tsx';
import SafeImage from './SafeImage.tsx';

export default function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const t = useT();
  const base = `gallery-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  if (images.length === 0) return null;
  const viewerId = (i: number) => `${base}-${(i + images.length) % images.length}`;
  const label = (i: number) => images[i]!.alt || t('detail.imageOf', { n: i + 1, total: images.length });

  return (
    <section className="gallery" id={base} aria-label={t('detail.gallery')}>
      <ul className="gallery__grid">
        {images.map((img, i) => (
          <li key={`${img.full}-${i}`} className="gallery__cell">
            <a className="gallery__link" href={`#${viewerId(i)}`}>
              <SafeImage
                className="gallery__thumb"
                sources={img.thumbs}
                alt={label(i)}
                width={300}
                height={300}
                // 6 a row (≤ 200 px), 3 a row on phones.
                responsive={{ sizes: '(max-width: 767px) 33vw, 200px' }}
              />
            </a>
          </li>
        ))}
      </ul>
      {images.map((img, i) => (
        <div key={`${img.full}-${i}`} id={viewerId(i)} className="lightbox" role="dialog" aria-label={title} tabIndex={-1}>
          {/* The dark surround is the way back to the grid too. */}
          <a className="lightbox__backdrop" href={`#${base}`} tabIndex={-1} aria-hidden="true" />
          <figure className="lightbox__figure">
            <SafeImage className="lightbox__image" sources={[img.full]} alt={label(i)} />
            <figcaption className="lightbox__caption">
              {img.alt && <span>{img.alt}</span>}
              <span className="lightbox__count">{t('detail.imageOf', { n: i + 1, total: images.length })}</span>
            </figcaption>
          </figure>
          <div className="lightbox__controls">
            {images.length > 1 && (
              <a className="lightbox__button" href={`#${viewerId(i - 1)}`} aria-label={t('detail.prevImage')}>
                ‹
              </a>
            )}
            {images.length > 1 && (
              <a className="lightbox__button" href={`#${viewerId(i + 1)}`} aria-label={t('detail.nextImage')}>
                ›
              </a>
            )}
            <a className="lightbox__button lightbox__close" href={`#${base}`} aria-label={t('detail.close')}>
              ×
            </a>
          </div>
        </div>
      ))}
    </section>
  );
}
