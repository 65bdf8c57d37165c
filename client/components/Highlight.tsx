// Text with the keyword marked, as text and never as HTML (a keyword is visitor input): split into
// text nodes and <mark> elements.
import { highlightParts } from '../../shared/text.ts';

export default function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.match ? (
          <mark key={i} className="highlight">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
