import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import sharp from 'sharp';
import { SHARE_IMAGE } from './seo.service';

// Events without a cover still get a picture in link previews: the title, date and place on the
// brand background. Text is drawn as glyph outlines from the Noto fonts the ticket PDFs use, so
// the image looks the same on a machine with no system fonts and every script prints (sharp's
// SVG text would depend on fontconfig and the installed fonts).

type Font = ReturnType<typeof fontkit.create>;

const FONT_FILES = [
  ['@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
] as const;

const require = createRequire(import.meta.url);
const fonts: Font[] = [];

function font(index: number): Font {
  const cached = fonts[index];
  if (cached) return cached;
  const [pkg, file] = FONT_FILES[index] ?? FONT_FILES[0];
  const loaded = fontkit.create(
    readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file)),
  );
  fonts[index] = loaded;
  return loaded;
}

/**
 * The text cut into runs, each in the first font that has its characters (Latin, Greek and
 * Cyrillic in Noto Sans, Arabic in Noto Sans Arabic, Chinese and Japanese in Noto Sans SC);
 * spaces go in the Latin font, so a right-to-left run holds no space it would move.
 */
function runsOf(text: string): { text: string; font: Font }[] {
  const runs: { text: string; index: number }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const last = runs[runs.length - 1];
    let index = 0;
    if (char.trim())
      index = Math.max(
        0,
        FONT_FILES.findIndex((_, i) => font(i).hasGlyphForCodePoint(code)),
      );
    if (last && last.index === index) last.text += char;
    else runs.push({ text: char, index });
  }
  return runs.map((run) => ({ text: run.text, font: font(run.index) }));
}

interface Line {
  text: string;
  size: number;
  color: string;
}

/** Width of `text` at `size` px. */
const widthOf = (text: string, size: number) =>
  runsOf(text).reduce(
    (sum, run) => sum + (run.font.layout(run.text).advanceWidth / run.font.unitsPerEm) * size,
    0,
  );

/** Words onto at most `maxLines` lines of `maxWidth` px; the last line ends with … when cut. */
export function wrap(text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const next = current ? `${current} ${word}` : word;
    if (widthOf(next, size) <= maxWidth || !current) {
      current = next;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines && current) lines.push(current);
  const cut = lines.join(' ').length < words.join(' ').length;
  if (cut && lines.length) {
    let last = `${lines[lines.length - 1]}…`;
    while (widthOf(last, size) > maxWidth && last.length > 1) last = `${last.slice(0, -2)}…`;
    lines[lines.length - 1] = last;
  }
  return lines;
}

/** One line as SVG paths (y is the baseline), run by run; fontkit lays out and shapes each. */
function pathOf(line: Line, x: number, y: number): string {
  const parts: string[] = [];
  let pen = x;
  for (const { text, font: f } of runsOf(line.text)) {
    const scale = line.size / f.unitsPerEm;
    const run = f.layout(text);
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i];
      const d = glyph.path.toSVG();
      if (d) {
        const gx = pen + (position?.xOffset ?? 0) * scale;
        const gy = y - (position?.yOffset ?? 0) * scale;
        parts.push(
          `<path transform="translate(${gx.toFixed(1)} ${gy.toFixed(1)}) scale(${scale.toFixed(5)} ${(-scale).toFixed(5)})" d="${d}"/>`,
        );
      }
      pen += (position?.xAdvance ?? glyph.advanceWidth) * scale;
    });
  }
  return `<g fill="${line.color}">${parts.join('')}</g>`;
}

/** A 1200×630 PNG: title (up to three lines), date, place and the site's name. */
export async function eventShareImage(params: {
  title: string;
  when: string;
  where: string;
  siteName: string;
}): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const margin = 80;
  const maxWidth = width - margin * 2;
  const titleLines = wrap(params.title, 68, maxWidth, 3);
  const blocks: string[] = [];
  let y = margin + 68;
  for (const text of titleLines) {
    blocks.push(pathOf({ text, size: 68, color: '#ffffff' }, margin, y));
    y += 82;
  }
  y += 24;
  for (const text of [params.when, params.where].filter(Boolean)) {
    const [fitted = ''] = wrap(text, 36, maxWidth, 1);
    blocks.push(pathOf({ text: fitted, size: 36, color: '#ede9fe' }, margin, y));
    y += 52;
  }
  blocks.push(
    pathOf({ text: params.siteName, size: 32, color: '#ddd6fe' }, margin, height - margin + 16),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#7c3aed"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect x="${margin}" y="${height - margin - 40}" width="120" height="6" rx="3" fill="#f0abfc"/>
  ${blocks.join('\n  ')}
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 8 }).toBuffer();
}

export const DEFAULT_COVER = { width: 1200, height: 675 } as const;

/**
 * The cover of an event whose organizer uploaded none (decision 047): the picture of its
 * category's theme behind a dark veil, with the category and the title in the share image's
 * lettering. 16:9 like an uploaded cover, so cards and the event page keep their shape.
 */
export async function eventDefaultCover(params: {
  title: string;
  category: string;
  background: Buffer;
}): Promise<Buffer> {
  const { width, height } = DEFAULT_COVER;
  const margin = 64;
  const maxWidth = width - margin * 2;
  const titleLines = wrap(params.title, 60, maxWidth, 3);
  const blocks: string[] = [];
  let y = height - margin - (titleLines.length - 1) * 72;
  const [category = ''] = wrap(params.category.toUpperCase(), 26, maxWidth, 1);
  blocks.push(pathOf({ text: category, size: 26, color: '#f5f3ff' }, margin, y - 84));
  for (const text of titleLines) {
    blocks.push(pathOf({ text, size: 60, color: '#ffffff' }, margin, y));
    y += 72;
  }
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="veil" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.15" stop-color="#0b0618" stop-opacity="0"/><stop offset="1" stop-color="#0b0618" stop-opacity="0.82"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#veil)"/>
  ${blocks.join('\n  ')}
</svg>`;
  return sharp(params.background)
    .resize(width, height, { fit: 'cover' })
    .composite([{ input: Buffer.from(overlay) }])
    .webp({ quality: 78 })
    .toBuffer();
}
