import QRCode from 'qrcode';
import { formatMoney } from '../../../contracts/money';
import type { Ticket } from '../../../contracts/tickets';

export async function ticketQrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

/** PDF strings: the standard fonts speak Latin-1; anything else becomes "?". */
const pdfText = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/[\\()]/g, (c) => `\\${c}`);

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
 * A one-page A6-ish PDF: event, holder, ticket type and the QR code drawn as vector squares
 * (a small hand-written PDF: no PDF library for one page of text and boxes).
 */
export function ticketPdf(ticket: Ticket, appName: string): Buffer {
  const width = 420;
  const height = 595;
  const qr = QRCode.create(ticket.code, { errorCorrectionLevel: 'M' }).modules;
  const cell = 7;
  const qrSize = qr.size * cell;
  const qrX = (width - qrSize) / 2;
  const qrY = 90;
  const squares: string[] = [];
  for (let row = 0; row < qr.size; row += 1)
    for (let col = 0; col < qr.size; col += 1)
      if (qr.data[row * qr.size + col])
        squares.push(`${qrX + col * cell} ${qrY + (qr.size - 1 - row) * cell} ${cell} ${cell} re`);
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
  const text = lines
    .map(
      ([size, y, value]) => `BT /F1 ${size} Tf 36 ${y} Td (${pdfText(value.slice(0, 70))}) Tj ET`,
    )
    .join('\n');
  const content = `${text}\n0 0 0 rg\n${squares.join('\n')}\nf\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
