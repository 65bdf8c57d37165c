// A small valid PDF (one A4 page, Helvetica text) written by hand: the attachment of the donation
// policy article. Offsets in the cross-reference table are computed, so the file always parses.
import { MUSEUM } from './museum.ts';

const LINES = [
  `${MUSEUM.en} - Donations Policy`,
  '',
  '1. The museum welcomes gifts of objects and archives that enrich its collection.',
  '2. Donors must legally own what they give.',
  '3. Every gift is assessed by the acquisitions committee before accession.',
  '4. Donors receive a certificate and are listed on the museum website.',
  '5. Accepted gifts are cared for by the museum and displayed when possible.',
  '',
  'Contact: Collections Department, 1 Wenbo Avenue, Yunxi.',
  '(Demo document of the reference content service.)',
];

const esc = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function donationPdf(): Uint8Array {
  const text = LINES.map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${770 - i * 22} Td (${esc(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< /Title (${esc(`${MUSEUM.en} Donations Policy`)}) /Producer (demo generator) >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}
