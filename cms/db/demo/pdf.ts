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
  'Contact: Collections Department, 1 Wenbo Avenue, Yunxi. Telephone: +86 27 8888 6100.',
];

const LINES_ZH = [
  `${MUSEUM.zh}藏品捐赠办法`,
  '',
  '一、本馆欢迎社会各界捐赠文物、标本及相关档案资料，以丰富馆藏。',
  '二、捐赠者应对捐赠物品拥有合法所有权。',
  '三、捐赠物品须经本馆藏品征集委员会鉴定评估后方可入藏。',
  '四、本馆向捐赠者颁发捐赠证书，并在官方网站捐赠名录中予以公布。',
  '五、捐赠文物入藏后，由本馆负责妥善保管，并适时展出。',
  '',
  '联系部门：藏品保管部（云溪市文博大道1号），电话：027-88886100。',
];

const esc = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);

export function donationPdf(): Uint8Array {
  return pdfFile(
    LINES.map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${770 - i * 22} Td (${esc(line)}) Tj ET`).join('\n'),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `(${esc(`${MUSEUM.en} Donations Policy`)})`,
  );
}

/** The Chinese policy: Adobe's standard Chinese font (STSong-Light, not embedded), text as UCS-2. */
export function donationPdfZh(): Uint8Array {
  const text = LINES_ZH.map((line, i) => `BT /F1 ${i === 0 ? 18 : 11} Tf 72 ${770 - i * 22} Td <${ucs2(line)}> Tj ET`).join('\n');
  const font =
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor << /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >> /DW 1000 >>] >>';
  return pdfFile(text, font, `<FEFF${ucs2(`${MUSEUM.zh}藏品捐赠办法`)}>`);
}

const ucs2 = (s: string): string =>
  [...s]
    .map((c) => c.charCodeAt(0).toString(16).padStart(4, '0'))
    .join('')
    .toUpperCase();

function pdfFile(text: string, font: string, title: string): Uint8Array {
  const bytes = new TextEncoder().encode(text).length;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    font,
    `<< /Length ${bytes} >>\nstream\n${text}\nendstream`,
    `<< /Title ${title} /Producer (Yunxi Museum) >>`,
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
