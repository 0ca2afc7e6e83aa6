import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  fill,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import { formatMoney } from '../../../contracts/money';
import type { Ticket } from '../../../contracts/tickets';
import { must } from '../../platform/must';

export async function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

type FontkitFont = ReturnType<typeof fontkit.create>;

/**
 * The fonts a ticket is printed in, in fallback order (decision 019): Noto Sans (Latin, Greek,
 * Cyrillic), Noto Sans Arabic, Noto Sans SC (Chinese, Japanese kana and kanji). Each piece of
 * text takes the first font that has its characters; a PDF embeds only the fonts it uses, each
 * cut down to the glyphs it draws.
 */
const FONT_FILES = [
  ['@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-arabic', '400Regular/NotoSansArabic_400Regular.ttf'],
  ['@expo-google-fonts/noto-sans-sc', '400Regular/NotoSansSC_400Regular.ttf'],
] as const;

interface TicketFont {
  path: string;
  bytes: Buffer;
  font: FontkitFont;
}

const require = createRequire(import.meta.url);
const loaded: (TicketFont | undefined)[] = [];

/** The i-th fallback font, read and parsed once per process (Noto Sans SC is 10 MB). */
function ticketFont(index: number): TicketFont {
  const cached = loaded[index];
  if (cached) return cached;
  const [pkg, file] = must(FONT_FILES[index], `ticket font ${index}`);
  const path = join(dirname(require.resolve(`${pkg}/package.json`)), file);
  const bytes = readFileSync(path);
  const font = prepareFont(fontkit.create(bytes));
  const entry = { path, bytes, font };
  loaded[index] = entry;
  return entry;
}

/** The font files in fallback order (the tests compare the embedded glyphs with them). */
export const ticketFontFiles = () => FONT_FILES.map((_, i) => ticketFont(i));

/**
 * Two changes to the parsed font, both for what pdf-lib 1.17.1 does with it:
 *
 * - @pdf-lib/fontkit 1.1.1 writes a subset's glyph offsets in the short `loca` format (offset / 2)
 *   without padding each glyph to an even length, so after the first odd-length glyph (Google's
 *   Noto builds have many) every later glyph is read from the wrong place and draws nothing or
 *   garbage. Padding each glyph to an even length keeps the offsets exact (TrueType allows it).
 * - pdf-lib writes glyph ids and advance widths only: it never uses the glyph positions
 *   (kerning, mark placement) that fontkit's layout computes from the GPOS table, and that work
 *   was most of a ticket's time (Noto Sans: 17 ms of 18 ms for one line). Layout runs with the
 *   GPOS features off; GSUB (ligatures, Arabic letter forms) is untouched. A fresh object each
 *   call, because fontkit writes the features it chose back into the one it is given.
 *   Layouts are remembered by text (they depend on nothing else here).
 */
function prepareFont(font: FontkitFont): FontkitFont {
  const layout = font.layout.bind(font);
  const noPositioning = () => ({
    kern: false,
    mark: false,
    mkmk: false,
    curs: false,
    dist: false,
    abvm: false,
    blwm: false,
  });
  // pdf-lib lays out each string two or three times (width, fitting, drawing), and the fixed
  // lines repeat on every ticket: remember the last few hundred runs.
  const runs = new Map<string, ReturnType<typeof layout>>();
  font.layout = (text: string, features?: unknown, ...rest: unknown[]) => {
    if (features !== undefined || rest.length > 0)
      return layout(text, features as never, ...(rest as []));
    let run = runs.get(text);
    if (!run) {
      run = layout(text, noPositioning());
      const oldest = runs.keys().next();
      if (runs.size >= 500 && !oldest.done) runs.delete(oldest.value);
      runs.set(text, run);
    }
    return run;
  };
  const createSubset = font.createSubset.bind(font);
  font.createSubset = () => {
    const subset = createSubset() as ReturnType<typeof createSubset> & PaddableSubset;
    const addGlyph = subset._addGlyph;
    subset._addGlyph = function (this: PaddableSubset, gid: number) {
      const index = addGlyph.call(this, gid);
      const data = must(this.glyf[index], 'subset glyph');
      if (data.length % 2 === 1) {
        // The library's own Buffer class (its bundled polyfill), so its encoder accepts it.
        const padded = data.constructor.alloc(data.length + 1);
        data.copy(padded);
        this.glyf[index] = padded;
        this.offset += 1;
      }
      return index;
    };
    return subset;
  };
  return font;
}

interface GlyphData {
  length: number;
  copy(target: GlyphData): number;
  constructor: { alloc(size: number): GlyphData };
}
interface PaddableSubset {
  glyf: GlyphData[];
  offset: number;
  _addGlyph(gid: number): number;
}

/** pdf-lib asks this for the font it was handed: the copy parsed once above. */
const fontEngine = {
  create(data: Uint8Array) {
    return loaded.find((entry) => entry?.bytes === data)?.font ?? fontkit.create(data);
  },
};

interface Run {
  text: string;
  fontIndex: number;
}

const ARABIC_FONT = 1;

// Spaces and marks join the run before them when its font has them, so an Arabic name of two
// words stays one right-to-left run and a mark stays on its letter. Digits and punctuation join
// only left-to-right runs: inside a reversed Arabic run "(25.00)" would print backwards.
const joinsAnyRun = (char: string) => /^[\s\p{M}]$/u.test(char);
const joinsLtrRun = (char: string) => /^[\p{P}\p{S}\p{N}]$/u.test(char);

/**
 * Splits text into runs that one font each can draw. A run in the Arabic font is laid out right
 * to left by fontkit's shaper; runs follow each other left to right (a whole bidi reordering is
 * more than a ticket line needs: decision 019).
 */
export function fontRuns(text: string): Run[] {
  const runs: Run[] = [];
  const has = (fontIndex: number, codePoint: number) =>
    ticketFont(fontIndex).font.hasGlyphForCodePoint(codePoint);
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0) ?? 0;
    const current = runs.at(-1);
    const joins =
      current &&
      (joinsAnyRun(char) || (joinsLtrRun(char) && current.fontIndex !== ARABIC_FONT)) &&
      has(current.fontIndex, codePoint);
    if (joins) {
      current.text += char;
      continue;
    }
    let fontIndex = FONT_FILES.findIndex((_, i) => has(i, codePoint));
    // No font has it (an emoji, Hangul, Devanagari…): the first font's empty box, not a "?".
    if (fontIndex < 0) fontIndex = current?.fontIndex ?? 0;
    if (current && current.fontIndex === fontIndex) current.text += char;
    else runs.push({ text: char, fontIndex });
  }
  // A space after an Arabic run belongs between it and what follows, not at its reversed start.
  return runs.flatMap((run) => {
    const trailing = run.fontIndex === ARABIC_FONT ? /\s+$/u.exec(run.text) : null;
    if (!trailing || trailing.index === 0) return [run];
    return [
      { text: run.text.slice(0, trailing.index), fontIndex: run.fontIndex },
      { text: trailing[0], fontIndex: 0 },
    ];
  });
}

class TicketWriter {
  private readonly embedded = new Map<number, PDFFont>();

  constructor(
    private readonly doc: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  private async font(index: number): Promise<PDFFont> {
    let font = this.embedded.get(index);
    if (!font) {
      font = await this.doc.embedFont(ticketFont(index).bytes, { subset: true });
      this.embedded.set(index, font);
    }
    return font;
  }

  private async width(runs: Run[], size: number): Promise<number> {
    let width = 0;
    for (const run of runs)
      width += (await this.font(run.fontIndex)).widthOfTextAtSize(run.text, size);
    return width;
  }

  /** The longest start of `text` (with "…") that fits `maxWidth`. */
  private async fit(text: string, size: number, maxWidth: number): Promise<Run[]> {
    const full = fontRuns(text);
    if ((await this.width(full, size)) <= maxWidth) return full;
    const chars = Array.from(text.normalize('NFC'));
    let [low, high] = [0, chars.length - 1];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const runs = fontRuns(`${chars.slice(0, mid).join('').trimEnd()}…`);
      if ((await this.width(runs, size)) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return fontRuns(`${chars.slice(0, low).join('').trimEnd()}…`);
  }

  /** One line of text from (x, y); right-to-left runs are laid out by fontkit's shaper. */
  async line(text: string, x: number, y: number, size: number, maxWidth: number): Promise<void> {
    let at = x;
    for (const run of await this.fit(text, size, maxWidth)) {
      const font = await this.font(run.fontIndex);
      this.page.drawText(run.text, { x: at, y, size, font });
      at += font.widthOfTextAtSize(run.text, size);
    }
  }
}

function whenLine(ticket: Ticket): string {
  const format = (iso: string) =>
    new Intl.DateTimeFormat('en-US', {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: ticket.event.timezone,
    }).format(new Date(iso));
  return `${format(ticket.event.startsAt)} (${ticket.event.timezone})`;
}

/**
 * The QR code's dark modules as rectangles, a row's neighbouring modules merged into one:
 * `[column, row, width]` in modules, rows counted from the top.
 */
export function qrRows(code: string): { size: number; rects: [number, number, number][] } {
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
  const rects: [number, number, number][] = [];
  for (let row = 0; row < qr.size; row += 1) {
    let col = 0;
    while (col < qr.size) {
      if (!qr.data[row * qr.size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < qr.size && qr.data[row * qr.size + col]) col += 1;
      rects.push([start, row, col - start]);
    }
  }
  return { size: qr.size, rects };
}

/**
 * A one-page A6-ish PDF: event, holder, ticket type and the QR code drawn as vector squares, in
 * fonts that cover every script a name or title is likely to use (decision 019).
 */
export async function ticketPdf(ticket: Ticket, appName: string): Promise<Buffer> {
  const width = 420;
  const height = 595;
  const margin = 36;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontEngine);
  doc.setTitle(`${ticket.event.title}: ${ticket.ticketTypeName}`);
  doc.setCreator(appName);
  doc.setProducer(appName);
  const page = doc.addPage([width, height]);
  const writer = new TicketWriter(doc, page);

  // The QR code as plain rectangle operators and one fill (pdf-lib's SVG path drawing took
  // longer than the rest of the page).
  const cell = 7;
  const qr = qrRows(ticket.code);
  const qrX = (width - qr.size * cell) / 2;
  const qrY = 90;
  page.pushOperators(
    pushGraphicsState(),
    setFillingGrayscaleColor(0),
    ...qr.rects.map(([col, row, run]) =>
      rectangle(qrX + col * cell, qrY + (qr.size - 1 - row) * cell, run * cell, cell),
    ),
    fill(),
    popGraphicsState(),
  );

  const lines: [number, number, string][] = [
    [18, 545, appName],
    [16, 505, ticket.event.title],
    [11, 482, whenLine(ticket)],
    [11, 464, ticket.event.isOnline ? 'Online event' : ticket.event.location],
    [11, 436, `Holder: ${ticket.holderName}`],
    [
      11,
      418,
      `Ticket: ${ticket.ticketTypeName} (${formatMoney(ticket.priceCents, ticket.currency, { free: 'Free' })})`,
    ],
    [
      11,
      400,
      `Status: ${ticket.status === 'void' ? 'REFUNDED - NOT VALID' : ticket.status.replace('_', ' ')}`,
    ],
    [8, 60, `Ticket ${ticket.id}`],
    [8, 46, 'Show this code at the entrance. Each ticket admits one person once.'],
  ];
  for (const [size, y, text] of lines) await writer.line(text, margin, y, size, width - 2 * margin);
  return Buffer.from(await doc.save());
}
