// The article's image gallery (6 a row on desktop, 3 on phones — CSS grid). Each thumbnail
// links to the large picture, so it opens without JavaScript; with it, a modal viewer steps through
// the pictures (arrow keys, Escape closes, focus returns to the thumbnail).
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { GalleryImage } from '../../shared/view-parts.ts';
import { useT } from '../i18n.tsx';
import SafeImage from './SafeImage.tsx';

export default function Gallery({ images, title }: { images: GalleryImage[]; title: string }) {
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open !== null && !d.open) d.showModal();
    if (open === null && d.open) d.close();
  }, [open]);

  if (images.length === 0) return null;

  const show = (i: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(i);
  };
  const step = (delta: number) => setOpen((i) => (i === null ? i : (i + delta + images.length) % images.length));
  const onKey = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowLeft') step(-1);
    if (event.key === 'ArrowRight') step(1);
  };
  const onClose = () => {
    setOpen(null);
    opener.current?.focus();
  };
  const current = open === null ? null : images[open];

  return (
    <section className="gallery" aria-label={t('detail.gallery')}>
      <ul className="gallery__grid">
        {images.map((img, i) => (
          <li key={`${img.full}-${i}`} className="gallery__cell">
            <a className="gallery__link" href={img.full} onClick={show(i)}>
              <SafeImage
                className="gallery__thumb"
                sources={img.thumbs}
                alt={img.alt || t('detail.imageOf', { n: i + 1, total: images.length })}
                width={300}
                height={300}
                // 6 a row (≤ 200 px), 3 a row on phones.
                responsive={{ sizes: '(max-width: 767px) 33vw, 200px' }}
              />
            </a>
          </li>
        ))}
      </ul>
      <dialog
        ref={dialog}
        className="lightbox"
        aria-label={title}
        onClose={onClose}
        onKeyDown={onKey}
        // A click on the backdrop (the dialog element itself, outside its content) closes the viewer.
        onClick={(event) => event.target === event.currentTarget && onClose()}
      >
        {current && open !== null && (
          <figure className="lightbox__figure">
            <SafeImage className="lightbox__image" sources={[current.full]} alt={current.alt || title} loading="eager" />
            <figcaption className="lightbox__caption">
              {current.alt && <span>{current.alt}</span>}
              <span className="lightbox__count">{t('detail.imageOf', { n: open + 1, total: images.length })}</span>
            </figcaption>
          </figure>
        )}
        <div className="lightbox__controls">
          {images.length > 1 && (
            <button type="button" className="lightbox__button" onClick={() => step(-1)} aria-label={t('detail.prevImage')}>
              ‹
            </button>
          )}
          {images.length > 1 && (
            <button type="button" className="lightbox__button" onClick={() => step(1)} aria-label={t('detail.nextImage')}>
              ›
            </button>
          )}
          <button type="button" className="lightbox__button lightbox__close" onClick={onClose} aria-label={t('detail.close')}>
            ×
          </button>
        </div>
      </dialog>
    </section>
  );
}
