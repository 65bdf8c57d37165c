// The embedded PDF viewer: the article's first attachment, when it is a PDF, shown in a
// frame of the file's own (same-origin) address, with a download link for browsers that cannot show it.
import type { Attachment } from '../../shared/article-views.ts';
import { useT } from '../i18n.tsx';

export default function PdfViewer({ file }: { file: Attachment }) {
  const t = useT();
  return (
    <section className="pdf-viewer" aria-label={file.name}>
      <iframe className="pdf-viewer__frame" src={file.url} title={file.name} loading="lazy" />
      <p className="pdf-viewer__fallback">
        <a className="pdf-viewer__download" href={file.url} download={file.name}>
          {t('detail.pdfDownload', { name: file.name })}
        </a>
      </p>
    </section>
  );
}
