import fontkit from '@pdf-lib/fontkit';
import jsQR from 'jsqr';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { Ticket } from '../../../contracts/tickets';
import { must } from '../../platform/must';
import { pdfText as extractText } from '../../test/pdf-text';
import {
  fontRuns,
  qrRows,
  rightToLeftPieces,
  ticketFontFiles,
  ticketPdf,
} from './ticket-documents';

const ticket: Ticket = {
  id: '7f0c2f1e-6a38-4c55-9a7e-2d8d9b7c1a11',
  orderId: '0b7c2f1e-6a38-4c55-9a7e-2d8d9b7c1a12',
  status: 'valid',
  code: 'T1.7f0c2f1e6a384c559a7e2d8d9b7c1a11.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
  checkedInAt: null,
  ticketTypeName: 'Früh­bucher Ζ',
  paidCents: 2500,
  currency: 'EUR',
  holderName: 'Ünïcødé Ζήτα 東京 محمد',
  event: {
    id: '1b7c2f1e-6a38-4c55-9a7e-2d8d9b7c1a13',
    title: 'Фестиваль 東京 محمد Ünïcødé',
    startsAt: '2026-07-01T19:00:00.000Z',
    endsAt: null,
    timezone: 'Europe/Berlin',
    location: 'Kulturbrauerei, Berlin',
    isOnline: false,
    coverImage: null,
  },
  createdAt: '2026-06-01T10:00:00.000Z',
  isPast: false,
};

/** The extracted text, the pieces joined by "|". */
const pdfText = async (pdf: Buffer) => (await extractText(pdf)).join('|');

describe('ticketPdf', () => {
  it('prints every character of a name and title in Latin, Greek, Cyrillic, CJK and Arabic', async () => {
    const pdf = await ticketPdf(ticket, 'MEA Events');
    const text = await pdfText(pdf);
    for (const word of ['Ünïcødé', 'Ζήτα', '東京', 'محمد', 'Фестиваль', 'Holder:', 'MEA Events'])
      expect(text).toContain(word);
    expect(text).toContain('Wednesday, July 1, 2026 at 9:00 PM (Europe/Berlin)');
    expect(text).toContain('Kulturbrauerei, Berlin');
    expect(text).toContain('Status: valid');
    expect(text).toContain(`Ticket ${ticket.id}`);
    expect(text).toContain('Show this code at the entrance. Each ticket admits one person once.');
    expect(text).not.toContain('?');
  });

  it('embeds only the fonts it uses, each cut down to the glyphs it draws', async () => {
    const latin = await ticketPdf(
      {
        ...ticket,
        holderName: 'Ada Obi',
        event: { ...ticket.event, title: 'Jazz' },
        ticketTypeName: 'VIP',
      },
      'MEA Events',
    );
    expect((await embeddedFonts(latin)).map((f) => f.name)).toEqual(['NotoSans-Regular']);
    const all = await embeddedFonts(await ticketPdf(ticket, 'MEA Events'));
    expect(all.map((f) => f.name).sort()).toEqual([
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansSC-Regular',
    ]);
    for (const font of all) expect(font.program.length).toBeLessThan(60_000);
  });

  it("draws each embedded glyph with the source font's outline", async () => {
    // Text extraction reads the ToUnicode map, not the outlines: a broken subset (glyphs read
    // from the wrong offset) still extracts as the right text, so the outlines are compared.
    const pdf = await ticketPdf(ticket, 'MEA Events');
    const pieces = (await pdfText(pdf)).split('|');
    const text = pieces.join('');
    const sources = new Map(ticketFontFiles().map((f) => [f.font.postscriptName, f.font]));
    for (const embedded of await embeddedFonts(pdf)) {
      const source = must(sources.get(embedded.name), embedded.name);
      const outlines = new Set<string>();
      // A glyph's outline, and those of the glyphs a composite one (Ü = U + ¨) is built from.
      const add = (glyph: Glyph) => {
        outlines.add(glyph.path.toSVG());
        for (const part of (glyph as GlyphWithParts)._decode()?.components ?? [])
          add(source.getGlyph(part.glyphID));
      };
      // Each drawn piece is laid out on its own, as it was drawn (Arabic letters change form).
      for (const piece of pieces) for (const glyph of source.layout(piece).glyphs) add(glyph);
      for (const char of text) {
        const cp = char.codePointAt(0) ?? 0;
        if (source.hasGlyphForCodePoint(cp)) add(source.glyphForCodePoint(cp));
      }
      const subset = fontkit.create(Buffer.from(embedded.program));
      expect(subset.numGlyphs).toBeGreaterThan(1);
      for (let gid = 1; gid < subset.numGlyphs; gid += 1)
        expect(outlines, `${embedded.name} glyph ${gid}`).toContain(
          subset.getGlyph(gid).path.toSVG(),
        );
    }
  });

  it('draws a QR code that scans as the ticket code', () => {
    const { size, rects } = qrRows(ticket.code);
    const scale = 4;
    const side = (size + 8) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    for (const [col, row, width] of rects)
      for (let y = (row + 4) * scale; y < (row + 5) * scale; y += 1)
        for (let x = (col + 4) * scale; x < (col + 4 + width) * scale; x += 1)
          pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    expect(jsQR(pixels, side, side)?.data).toBe(ticket.code);
  });
});

describe('fontRuns', () => {
  it('keeps a two-word Arabic name in one run and moves the space after it out', () => {
    expect(fontRuns('Holder: محمد علي (VIP)')).toEqual([
      { text: 'Holder: ', fontIndex: 0 },
      { text: 'محمد علي', fontIndex: 1 },
      { text: ' ', fontIndex: 0 },
      { text: '(VIP)', fontIndex: 0 },
    ]);
  });

  it('sends CJK to the CJK font and keeps punctuation with the run before', () => {
    expect(fontRuns('Tokyo 東京, Ζήτα')).toEqual([
      { text: 'Tokyo ', fontIndex: 0 },
      { text: '東京, ', fontIndex: 2 },
      { text: 'Ζήτα', fontIndex: 0 },
    ]);
  });
});

describe('rightToLeftPieces', () => {
  const texts = (text: string) =>
    rightToLeftPieces(fontRuns(text)).map((piece) => piece.map((run) => run.text).join(''));

  it('places an Arabic label at the right and the Latin name after it, leftwards', () => {
    expect(texts('حامل التذكرة: Greta Berg')).toEqual(['حامل التذكرة', ':', ' ', 'Greta Berg']);
  });

  it('keeps numbers and a bracketed amount left to right between Arabic words', () => {
    expect(texts('الأربعاء، 1 يوليو 2026 (Africa/Cairo)')).toEqual([
      'الأربعاء،',
      ' ',
      '1',
      ' ',
      'يوليو',
      ' ',
      '2026 (Africa/Cairo)',
    ]);
    expect(texts('التذكرة: VIP (25.00 €)')).toEqual(['التذكرة', ':', ' ', 'VIP (25.00 €)']);
  });
});

type Glyph = ReturnType<ReturnType<typeof fontkit.create>['getGlyph']>;
type GlyphWithParts = Glyph & { _decode(): { components?: { glyphID: number }[] } | null };

/** The font programs embedded in a PDF, by PostScript name without pdf-lib's random suffix. */
async function embeddedFonts(pdf: Buffer): Promise<{ name: string; program: Uint8Array }[]> {
  const doc = await PDFDocument.load(pdf);
  const fonts: { name: string; program: Uint8Array }[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (
      !(object instanceof PDFDict) ||
      object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')
    )
      continue;
    const name = object.lookup(PDFName.of('FontName'), PDFName).decodeText().replace(/-\d+$/, '');
    const stream = doc.context.lookup(object.get(PDFName.of('FontFile2')));
    if (stream instanceof PDFRawStream)
      fonts.push({ name, program: decodePDFRawStream(stream).decode() });
  }
  return fonts;
}
