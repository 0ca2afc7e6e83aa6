import {
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingGrayscaleColor,
  type PDFImage,
} from 'pdf-lib';
import {
  BADGE_SHEETS,
  badgeSlot,
  badgesPerPage,
  layoutBadge,
  type BadgeContent,
  type BadgeSize,
} from '../../../contracts/badge-layout';
import { pdfInTicketFonts, qrRows } from '../tickets/tickets.service';

// Hebrew, Arabic, Syriac, Thaana, N'Ko and the Arabic supplements and presentation forms.
const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;

/**
 * A PDF of badges laid out by `layoutBadge` (the web preview's function): on an A4 sheet several
 * to a page with light cut lines, or one per label. Text goes through the ticket fonts, so a
 * name prints in its own script (Noto Sans, Arabic, CJK) and an Arabic name from the right.
 */
export async function badgesPdf(params: {
  size: BadgeSize;
  badges: BadgeContent[];
  logoPng: Buffer | null;
  title: string;
  appName: string;
}): Promise<Buffer> {
  const { size, badges } = params;
  const sheet = BADGE_SHEETS[size];
  const { doc, addPage } = await pdfInTicketFonts();
  doc.setTitle(params.title);
  doc.setCreator(params.appName);
  doc.setProducer(params.appName);
  const logo: PDFImage | null = params.logoPng ? await doc.embedPng(params.logoPng) : null;
  const perPage = badgesPerPage(size);
  const isSheet = perPage > 1;
  let line = addPage(sheet.page);
  for (const [index, content] of badges.entries()) {
    if (index > 0 && index % perPage === 0) line = addPage(sheet.page);
    const page = doc.getPage(doc.getPageCount() - 1);
    const pageHeight = sheet.page[1];
    const slot = badgeSlot(size, index);
    const layout = layoutBadge(size, { ...content, hasLogo: content.hasLogo && logo !== null });
    // From the badge's top-left, y down, to the page's bottom-left, y up.
    const toPdfY = (y: number) => pageHeight - slot.y - y;
    if (isSheet)
      page.drawRectangle({
        x: slot.x,
        y: toPdfY(layout.height),
        width: layout.width,
        height: layout.height,
        borderColor: rgb(0.8, 0.8, 0.8),
        borderWidth: 0.5,
      });
    if (layout.logo && logo) {
      const scale = Math.min(layout.logo.width / logo.width, layout.logo.height / logo.height);
      page.drawImage(logo, {
        x: slot.x + layout.logo.x,
        y: toPdfY(layout.logo.y + logo.height * scale),
        width: logo.width * scale,
        height: logo.height * scale,
      });
    }
    for (const text of layout.lines)
      await line(text.text, {
        x: slot.x + text.x,
        y: toPdfY(text.y),
        size: text.size,
        maxWidth: text.maxWidth,
        rtl: RIGHT_TO_LEFT.test(text.text),
      });
    if (layout.qr) {
      const qr = qrRows(content.code);
      const cell = layout.qr.side / qr.size;
      const left = slot.x + layout.qr.x;
      const bottom = toPdfY(layout.qr.y + layout.qr.side);
      page.pushOperators(
        pushGraphicsState(),
        setFillingGrayscaleColor(0),
        ...qr.rects.map(([col, row, run]) =>
          rectangle(left + col * cell, bottom + (qr.size - 1 - row) * cell, run * cell, cell),
        ),
        fill(),
        popGraphicsState(),
      );
    }
  }
  return Buffer.from(await doc.save());
}
