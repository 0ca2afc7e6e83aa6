import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import {
  beginText,
  endText,
  fill,
  moveText,
  PDFDocument,
  PDFHexString,
  type PDFName,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingGrayscaleColor,
  setFontAndSize,
  showText,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { msg } from '@lingui/core/macro';
import QRCode from 'qrcode';
import { isRightToLeft, SOURCE_LOCALE, type Locale } from '../../../contracts/locales';
import { formatMoney } from '../../../contracts/money';
import type { Ticket, TicketStatus } from '../../../contracts/tickets';
import { translator } from '../../platform/i18n/translate';
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
const ARABIC_FONT = 1;
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
  const font = prepareFont(fontkit.create(bytes), index === ARABIC_FONT);
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
 *   The Arabic font keeps its positioning: Noto Sans Arabic draws a letter's dots as separate
 *   mark glyphs placed by GPOS, and TicketWriter draws those runs glyph by glyph at the
 *   computed positions (pdf-lib's drawText would stack the dots at the pen).
 */
function prepareFont(font: FontkitFont, positioned: boolean): FontkitFont {
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
      run = positioned ? layout(text) : layout(text, noPositioning());
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

// Spaces and marks join the run before them when its font has them, so an Arabic name of two
// words stays one right-to-left run and a mark stays on its letter. Digits and punctuation join
// only left-to-right runs: inside a reversed Arabic run "(25.00)" would print backwards.
const joinsAnyRun = (char: string) => /^[\s\p{M}]$/u.test(char);
const joinsLtrRun = (char: string) => /^[\p{P}\p{S}\p{N}]$/u.test(char);

// Intl writes direction marks into Arabic amounts and dates (U+200F before "25.00 €"). No font
// draws them and the line is laid out below, so they are dropped rather than printed as boxes.
const BIDI_MARKS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const withoutBidiMarks = (text: string) => text.replace(BIDI_MARKS, '');

/**
 * Splits text into runs that one font each can draw. A run in the Arabic font is laid out right
 * to left by fontkit's shaper; runs follow each other left to right (a whole bidi reordering is
 * more than a ticket line needs: decision 019).
 */
export function fontRuns(text: string): Run[] {
  const runs: Run[] = [];
  const has = (fontIndex: number, codePoint: number) =>
    ticketFont(fontIndex).font.hasGlyphForCodePoint(codePoint);
  for (const char of withoutBidiMarks(text).normalize('NFC')) {
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

  private readonly fontKeys = new Map<number, PDFName>();

  /** How far a run moves the pen: an Arabic run by its positioned advances. */
  private async advance(run: Run, size: number): Promise<number> {
    if (run.fontIndex !== ARABIC_FONT)
      return (await this.font(run.fontIndex)).widthOfTextAtSize(run.text, size);
    const { font } = ticketFont(ARABIC_FONT);
    const units = font.layout(run.text).positions.reduce((sum, p) => sum + p.xAdvance, 0);
    return (units * size) / font.unitsPerEm;
  }

  private async width(runs: Run[], size: number): Promise<number> {
    let width = 0;
    for (const run of runs) width += await this.advance(run, size);
    return width;
  }

  /**
   * Draws a run from x. Arabic goes glyph by glyph at fontkit's positions (the shaped letter
   * forms, dots and vowel marks where GPOS puts them); other scripts through pdf-lib's drawText.
   */
  private async draw(run: Run, x: number, y: number, size: number): Promise<number> {
    const font = await this.font(run.fontIndex);
    if (run.fontIndex !== ARABIC_FONT) {
      this.page.drawText(run.text, { x, y, size, font });
      return font.widthOfTextAtSize(run.text, size);
    }
    // encodeText adds the glyphs to the embedded subset and answers their ids in layout order.
    const ids = font.encodeText(run.text).asString().match(/.{4}/g) ?? [];
    const { font: source } = ticketFont(ARABIC_FONT);
    const scale = size / source.unitsPerEm;
    let key = this.fontKeys.get(run.fontIndex);
    if (!key) {
      key = this.page.node.newFontDictionary(font.name, font.ref);
      this.fontKeys.set(run.fontIndex, key);
    }
    const operators = [pushGraphicsState(), setFillingGrayscaleColor(0)];
    let pen = 0;
    source.layout(run.text).positions.forEach((position, i) => {
      const id = ids[i];
      if (id)
        operators.push(
          beginText(),
          setFontAndSize(key, size),
          moveText(x + (pen + position.xOffset) * scale, y + position.yOffset * scale),
          showText(PDFHexString.of(id)),
          endText(),
        );
      pen += position.xAdvance;
    });
    operators.push(popGraphicsState());
    this.page.pushOperators(...operators);
    return pen * scale;
  }

  /** The longest start of `text` (with "…") that fits `maxWidth`. */
  private async fit(text: string, size: number, maxWidth: number): Promise<Run[]> {
    const full = fontRuns(text);
    if ((await this.width(full, size)) <= maxWidth) return full;
    const chars = Array.from(withoutBidiMarks(text).normalize('NFC'));
    let [low, high] = [0, chars.length - 1];
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      const runs = fontRuns(`${chars.slice(0, mid).join('').trimEnd()}…`);
      if ((await this.width(runs, size)) <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return fontRuns(`${chars.slice(0, low).join('').trimEnd()}…`);
  }

  /**
   * One line of text in a box from x, maxWidth wide; right-to-left runs are laid out by fontkit's
   * shaper. A right-to-left line (Arabic) starts at the box's right edge and places its pieces
   * leftwards (see rightToLeftPieces).
   */
  async line(
    text: string,
    box: { x: number; y: number; size: number; maxWidth: number; rtl: boolean },
  ): Promise<void> {
    const { x, y, size, maxWidth, rtl } = box;
    const runs = await this.fit(text, size, maxWidth);
    if (!rtl) {
      let at = x;
      for (const run of runs) at += await this.draw(run, at, y, size);
      return;
    }
    let right = x + maxWidth;
    for (const piece of rightToLeftPieces(runs)) {
      right -= await this.width(piece, size);
      let at = right;
      for (const run of piece) at += await this.draw(run, at, y, size);
    }
  }
}

/**
 * A document in the ticket fonts (other PDFs such as invoices write their lines with it): the
 * same font fallback, Arabic shaping and right-to-left lines as a ticket.
 */
export async function pdfInTicketFonts() {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontEngine);
  const addPage = (size: [number, number]) => {
    const writer = new TicketWriter(doc, doc.addPage(size));
    return writer.line.bind(writer);
  };
  return { doc, addPage };
}

// Spaces and separators at the edge of a left-to-right stretch sit between it and Arabic (or the
// line's end) in a right-to-left line, so they take the line's direction. Brackets stay with the
// stretch: "VIP (25,00 €)" keeps its pair.
const EDGE_NEUTRAL = /^[\s:;,.·\-–—]$/u;
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[' };

/**
 * The pieces of a right-to-left line in the order they are placed from the right edge: the
 * logical order, each Arabic run on its own (fontkit already reversed its glyphs), each stretch
 * of left-to-right runs kept together and drawn left to right, and the neutrals at a stretch's
 * edges drawn reversed as right-to-left text. The Unicode bidi algorithm in the small, for lines
 * of one level of embedding such as a label and a name (decision 019).
 */
export function rightToLeftPieces(runs: Run[]): Run[][] {
  const pieces: Run[][] = [];
  const neutral = (text: string, fontIndex: number) => {
    pieces.push([{ text: MIRRORED[text] ?? text, fontIndex }]);
  };
  // The stretch as characters, each with its run's font, so its edges can span runs.
  let stretch: { char: string; fontIndex: number }[] = [];
  const flush = () => {
    let start = 0;
    let end = stretch.length;
    while (start < end && EDGE_NEUTRAL.test(stretch[start]?.char ?? '')) start += 1;
    while (end > start && EDGE_NEUTRAL.test(stretch[end - 1]?.char ?? '')) end -= 1;
    for (const { char, fontIndex } of stretch.slice(0, start)) neutral(char, fontIndex);
    const middle: Run[] = [];
    for (const { char, fontIndex } of stretch.slice(start, end)) {
      const last = middle.at(-1);
      if (last && last.fontIndex === fontIndex) last.text += char;
      else middle.push({ text: char, fontIndex });
    }
    pieces.push(middle);
    for (const { char, fontIndex } of stretch.slice(end)) neutral(char, fontIndex);
    stretch = [];
  };
  for (const run of runs) {
    if (run.fontIndex === ARABIC_FONT) {
      flush();
      pieces.push([run]);
    } else
      for (const char of Array.from(run.text)) stretch.push({ char, fontIndex: run.fontIndex });
  }
  flush();
  return pieces.filter((piece) => piece.length > 0);
}

/** Formats follow the language; English keeps the US style the tickets always had. */
const intlLocale = (locale: Locale) => (locale === SOURCE_LOCALE ? 'en-US' : locale);

function whenLine(ticket: Ticket, locale: Locale): string {
  const format = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: ticket.event.timezone,
    }).format(new Date(iso));
  return `${format(ticket.event.startsAt)} (${ticket.event.timezone})`;
}

const STATUS_LABELS = {
  valid: msg`valid`,
  checked_in: msg`checked in`,
  void: msg`REFUNDED - NOT VALID`,
} satisfies Record<TicketStatus, unknown>;

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
export async function ticketPdf(
  ticket: Ticket,
  appName: string,
  locale: Locale = SOURCE_LOCALE,
): Promise<Buffer> {
  const _ = translator(locale);
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

  const holderName = ticket.holderName;
  const ticketTypeName = ticket.ticketTypeName;
  const price = formatMoney(ticket.paidCents, ticket.currency, {
    free: _(msg`Free`),
    locale: intlLocale(locale),
  });
  const status = _(STATUS_LABELS[ticket.status]);
  const ticketId = ticket.id;
  const seat = ticket.seat ?? '';
  const lines: [number, number, string][] = [
    [18, 545, appName],
    [16, 505, ticket.event.title],
    [11, 482, whenLine(ticket, locale)],
    [11, 464, ticket.event.isOnline ? _(msg`Online event`) : ticket.event.location],
    [11, 436, _(msg`Holder: ${holderName}`)],
    [11, 418, _(msg`Ticket: ${ticketTypeName} (${price})`)],
    [11, 400, _(msg`Status: ${status}`)],
    ...(ticket.seat ? [[11, 382, _(msg`Seat: ${seat}`)] as [number, number, string]] : []),
    [8, 60, _(msg`Ticket ${ticketId}`)],
    [8, 46, _(msg`Show this code at the entrance. Each ticket admits one person once.`)],
  ];
  const rtl = isRightToLeft(locale);
  for (const [size, y, text] of lines)
    await writer.line(text, { x: margin, y, size, maxWidth: width - 2 * margin, rtl });
  return Buffer.from(await doc.save());
}
