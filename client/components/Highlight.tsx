// Text with the keyword marked (spec: highlighted as text, never as HTML): split into text nodes
// and <mark> elements.
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
