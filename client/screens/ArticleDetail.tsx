// The article detail: title, publish date, source when present, visit count, the sanitized body, the
// gallery, the PDF viewer when the first attachment is a PDF, and like/unlike. All of it is HTML: the
// page carries no script. Videos in the body play with controls; download stays off (controlslist and
// disablepictureinpicture, set by the loader).
import Gallery from '../components/Gallery.tsx';
import LikeButton from '../components/LikeButton.tsx';
import PdfViewer from '../components/PdfViewer.tsx';
import { useT } from '../i18n.tsx';
import { useScreenData } from '../page-data.ts';

export default function ArticleDetail() {
  const data = useScreenData('detail');
  const t = useT();

  return (
    <article className="article">
      <header className="article__header">
        <h1 className={data.showTitle ? 'article__title' : 'article__title visually-hidden'}>{data.title}</h1>
        {data.showTitle && data.subTitle && <p className="article__subtitle">{data.subTitle}</p>}
        <dl className="article__meta">
          {data.date && (
            <div className="article__meta-item">
              <dt>{t('detail.publishDate')}</dt>
              <dd>
                <time dateTime={data.date}>{data.date}</time>
              </dd>
            </div>
          )}
          {data.source && (
            <div className="article__meta-item">
              <dt>{t('detail.source')}</dt>
              <dd>{data.source}</dd>
            </div>
          )}
          <div className="article__meta-item">
            <dt>{t('detail.visits')}</dt>
            <dd>{data.visits}</dd>
          </div>
        </dl>
      </header>
      {data.html && (
        <>
          {/* Editors start their sections at h3: a hidden h2 keeps the outline in order without touching their HTML. */}
          <h2 className="visually-hidden">{t('frame.detail')}</h2>
          <div className="article__body prose" dangerouslySetInnerHTML={{ __html: data.html }} />
        </>
      )}
      {data.pdf && <PdfViewer file={data.pdf} />}
      <Gallery images={data.gallery} title={data.title} />
      {data.attachments.length > (data.pdf ? 1 : 0) && (
        <section className="article__attachments" aria-label={t('detail.attachment')}>
          <h2 className="article__attachments-title">{t('detail.attachment')}</h2>
          <ul>
            {data.attachments.map((file) => (
              <li key={file.url}>
                <a href={file.url} download={file.name}>
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data.likeable && (
        <footer className="article__footer">
          <LikeButton id={data.id} likes={data.likes} liked={data.liked} />
        </footer>
      )}
    </article>
  );
}
