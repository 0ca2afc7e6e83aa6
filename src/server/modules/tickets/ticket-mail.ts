import type { Config } from '../../config';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { ticketPdf } from './ticket-documents';
import { listOrderTickets, type TicketDeps } from './tickets.service';

/**
 * The confirmation mail after an order is fulfilled, with each ticket attached as a PDF.
 * It leaves through the mail job, so a slow mail server never holds up a purchase.
 */
export async function sendTicketsMail(
  deps: TicketDeps & { jobs: JobQueue; config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'> },
  orderId: string,
): Promise<void> {
  const issued = await listOrderTickets(deps, orderId);
  const first = issued[0];
  if (!first) return;
  const titles = [...new Set(issued.map((t) => t.event.title))];
  const count = issued.length === 1 ? 'Your ticket' : `Your ${issued.length} tickets`;
  const message = renderMail({
    to: first.holderEmail,
    subject: `${count} for ${titles.join(', ')}`,
    appName: deps.config.APP_NAME,
    greeting: `Hi ${first.holderName},`,
    paragraphs: [
      `${count} for ${titles.join(', ')} ${issued.length === 1 ? 'is' : 'are'} attached as PDF. Show the QR code at the entrance.`,
      ...issued.map(
        (t) => `${t.ticketTypeName} · ${t.event.title}: ${deps.config.PUBLIC_URL}/ticket/${t.id}`,
      ),
    ],
    action: {
      label: 'View your receipt',
      url: `${deps.config.PUBLIC_URL}/receipt?order=${orderId}`,
    },
  });
  await enqueueMail(deps.jobs, {
    ...message,
    attachments: await Promise.all(
      issued.map(async (ticket, i) => ({
        filename: `ticket-${i + 1}.pdf`,
        contentType: 'application/pdf',
        contentBase64: (await ticketPdf(ticket, deps.config.APP_NAME)).toString('base64'),
      })),
    ),
  });
}
