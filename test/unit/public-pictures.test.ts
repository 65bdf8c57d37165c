// The site's own SVG pictures (logos, the government badge, icons) draw their letters as outlines: a
// <text> would look different on every visitor's fonts, and each picture would cost the page's main
// thread a font lookup and a text layout of its own when it loads (an SVG <img> is a document).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC = join(process.cwd(), 'public');
const pictures = readdirSync(PUBLIC).filter((name) => name.endsWith('.svg'));

describe('the SVG pictures under public/', () => {
  it('are there (logos in both languages and tones, the badge)', () => {
    expect(pictures).toEqual(expect.arrayContaining(['logo.svg', 'logo-light.svg', 'logo-en.svg', 'logo-en-light.svg', 'gov-badge.svg']));
  });

  for (const name of pictures) {
    it(`${name} has no text element, only shapes${name === 'favicon.svg' ? '' : ', and says what it is'}`, () => {
      const svg = readFileSync(join(PUBLIC, name), 'utf8');
      expect(svg).not.toMatch(/<text[\s>]/);
      // A picture opened on its own is named by its title (the browser tab's icon needs none).
      if (name !== 'favicon.svg') expect(svg).toMatch(/<title>[^<]+<\/title>/);
    });
  }
});
