import { msg } from '@lingui/core/macro';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../platform/http/errors';

/**
 * Asynchronous bounce and complaint reports (decision 024): what a mail provider
 * posts to `/api/marketing/bounces` long after our SMTP handed the message over. Two ways to
 * sign, both with the one per-install `BOUNCE_WEBHOOK_SECRET`:
 *
 * - our header `X-MEA-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
 *   over the exact bytes, for the generic shape and for Amazon SES notifications (raw or in their
 *   SNS envelope; SNS's own certificate signatures would need AWS's keys fetched at run time, so
 *   a relay re-signs them with ours);
 * - Mailgun's own signature (`signature.{timestamp,token,signature}` in the body, HMAC-SHA256 of
 *   timestamp + token with the webhook signing key), so Mailgun posts here directly.
 *
 * Every report names the message by the Message-ID we gave it (`campaignMessageId`) and the
 * recipient; soft (temporary) bounces change nothing.
 */

export const BOUNCE_SIGNATURE_HEADER = 'x-mea-signature';
/** A signed report older (or newer) than this is refused: a captured request cannot be replayed later. */
export const BOUNCE_TOLERANCE_SECONDS = 300;

export interface BounceReport {
  kind: 'bounce' | 'complaint';
  /** `hard` suppresses; `soft` (temporary) is acknowledged and changes nothing. */
  severity: 'hard' | 'soft';
  messageId: string;
  email: string;
  detail: string;
}

const text = (max: number) => z.string().trim().max(max);

const GenericReportSchema = z.object({
  type: z.enum(['bounce', 'complaint']),
  messageId: text(998).min(1),
  email: text(320).min(3),
  bounceType: z.enum(['hard', 'soft']).default('hard'),
  detail: text(500).default(''),
});
const GenericBodySchema = z.union([
  GenericReportSchema,
  z.object({ reports: z.array(GenericReportSchema).min(1).max(100) }),
]);

const SesRecipient = z.object({ emailAddress: text(320), diagnosticCode: z.string().optional() });
const SesNotificationSchema = z.object({
  notificationType: z.enum(['Bounce', 'Complaint']),
  bounce: z
    .object({ bounceType: z.string(), bouncedRecipients: z.array(SesRecipient).max(100) })
    .optional(),
  complaint: z.object({ complainedRecipients: z.array(SesRecipient).max(100) }).optional(),
  mail: z.object({
    commonHeaders: z.object({ messageId: z.string().optional() }).optional(),
    headers: z.array(z.object({ name: z.string(), value: z.string() })).optional(),
  }),
});

const MailgunBodySchema = z.object({
  signature: z.object({
    timestamp: z.string().max(20),
    token: z.string().max(200),
    signature: z.string().max(200),
  }),
  'event-data': z.object({
    event: z.string(),
    severity: z.string().optional(),
    recipient: text(320),
    reason: z.string().optional(),
    message: z.object({ headers: z.record(z.string(), z.unknown()).optional() }).optional(),
    'delivery-status': z.object({ description: z.string().optional() }).optional(),
  }),
});

const unsigned = () => new AppError('UNAUTHENTICATED', msg`Invalid bounce report signature`);

function sameHex(given: string, expected: Buffer): boolean {
  const bytes = Buffer.from(given, 'hex');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}

function fresh(timestamp: number, nowSeconds: number): boolean {
  return Number.isFinite(timestamp) && Math.abs(nowSeconds - timestamp) <= BOUNCE_TOLERANCE_SECONDS;
}

/** The generic signature header for a body (what a relay or a test sends). */
export function signBounceBody(secret: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** Mailgun's signature of a webhook (hex HMAC-SHA256 of timestamp + token). */
export function mailgunSignature(secret: string, timestamp: string, token: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + token)
    .digest('hex');
}

/** The SES shape's reports (one per recipient). */
function fromSes(note: z.infer<typeof SesNotificationSchema>): BounceReport[] {
  const header = note.mail.headers?.find((h) => h.name.toLowerCase() === 'x-mea-message-id');
  const messageId = header?.value ?? note.mail.commonHeaders?.messageId ?? '';
  if (note.notificationType === 'Complaint')
    return (note.complaint?.complainedRecipients ?? []).map((r) => ({
      kind: 'complaint',
      severity: 'hard',
      messageId,
      email: r.emailAddress,
      detail: 'complaint',
    }));
  // SES: Permanent is a hard bounce; Transient and Undetermined may still deliver later.
  const severity = note.bounce?.bounceType === 'Permanent' ? 'hard' : 'soft';
  return (note.bounce?.bouncedRecipients ?? []).map((r) => ({
    kind: 'bounce',
    severity,
    messageId,
    email: r.emailAddress,
    detail: (r.diagnosticCode ?? note.bounce?.bounceType ?? '').slice(0, 500),
  }));
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('BAD_REQUEST', msg`The report is not JSON`);
  }
}

// The field's message is the English; the error handler reads it in the request's language.
const NOT_READ = msg`Not a bounce or complaint report this endpoint reads`;
const invalid = () =>
  new AppError('VALIDATION_FAILED', msg`Not a bounce or complaint report`, {
    fields: [{ field: 'body', message: NOT_READ.message ?? '' }],
  });

/**
 * Verifies a posted report and turns it into bounce reports. Throws UNAUTHENTICATED for a
 * missing, wrong or stale signature (checked before anything in the body is believed) and
 * VALIDATION_FAILED for a signed body of no shape we read.
 */
export function readBounceReports(
  secret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
  nowSeconds: number,
): BounceReport[] {
  const raw = rawBody.toString('utf8');
  if (signatureHeader) {
    const parts = new Map(
      signatureHeader.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
    );
    const timestamp = Number(parts.get('t'));
    const expected = createHmac('sha256', secret)
      .update(`${parts.get('t')}.${raw}`)
      .digest();
    if (!fresh(timestamp, nowSeconds) || !sameHex(parts.get('v1') ?? '', expected))
      throw unsigned();
    let body = parseJson(raw);
    // SES through SNS: the notification is a JSON string inside the envelope.
    if (
      body &&
      typeof body === 'object' &&
      (body as { Type?: unknown }).Type === 'Notification' &&
      typeof (body as { Message?: unknown }).Message === 'string'
    )
      body = parseJson((body as { Message: string }).Message);
    const ses = SesNotificationSchema.safeParse(body);
    if (ses.success) return fromSes(ses.data);
    const generic = GenericBodySchema.safeParse(body);
    if (!generic.success) throw invalid();
    const reports = 'reports' in generic.data ? generic.data.reports : [generic.data];
    return reports.map((r) => ({
      kind: r.type,
      severity: r.type === 'complaint' ? 'hard' : r.bounceType,
      messageId: r.messageId,
      email: r.email,
      detail: r.detail,
    }));
  }
  // No header of ours: only Mailgun's in-body signature can vouch for it.
  const body = MailgunBodySchema.safeParse(raw.trimStart().startsWith('{') ? parseJson(raw) : null);
  if (!body.success) throw unsigned();
  const { timestamp, token, signature } = body.data.signature;
  if (
    !fresh(Number(timestamp), nowSeconds) ||
    !sameHex(signature, Buffer.from(mailgunSignature(secret, timestamp, token), 'hex'))
  )
    throw unsigned();
  const event = body.data['event-data'];
  const header = event.message?.headers?.['message-id'];
  const messageId = typeof header === 'string' ? header : '';
  const detail = (event['delivery-status']?.description ?? event.reason ?? '').slice(0, 500);
  if (event.event === 'complained')
    return [{ kind: 'complaint', severity: 'hard', messageId, email: event.recipient, detail }];
  if (event.event === 'failed')
    return [
      {
        kind: 'bounce',
        // Mailgun: `permanent` failures are hard bounces; `temporary` ones are retried by Mailgun.
        severity: event.severity === 'permanent' ? 'hard' : 'soft',
        messageId,
        email: event.recipient,
        detail,
      },
    ];
  // Another Mailgun event type (delivered, opened…) sent to this URL: nothing to record.
  return [];
}
