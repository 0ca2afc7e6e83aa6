import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { hashToken } from '../../platform/auth/sessions';
import type { Clock } from '../../platform/clock';
import type { JobQueue } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/mail/mail-jobs';
import { renderMail } from '../../platform/mail/templates';
import { confirmByTokenHash, upsertPendingSubscription } from './newsletter.queries';

export interface NewsletterDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
  config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL'>;
}

const RESEND_AFTER_MS = 60_000;

/**
 * Double opt-in: a sign-up only mails a confirmation link; nobody is on the list until they
 * click it. Signing up again re-sends the link (at most once a minute); a confirmed address
 * gets no further mail. The answer is always the same.
 */
export async function subscribe(deps: NewsletterDeps, params: { email: string }): Promise<void> {
  const now = deps.clock.now();
  const token = randomBytes(24).toString('base64url');
  const row = await upsertPendingSubscription(deps.db, {
    email: params.email.toLowerCase(),
    tokenHash: hashToken(token),
    now,
    resendBefore: new Date(now.getTime() - RESEND_AFTER_MS),
  });
  if (!row) return;
  await enqueueMail(
    deps.jobs,
    renderMail({
      to: params.email,
      subject: `Confirm your ${deps.config.APP_NAME} newsletter subscription`,
      appName: deps.config.APP_NAME,
      greeting: 'Hi,',
      paragraphs: [
        `Please confirm that you want to receive the ${deps.config.APP_NAME} newsletter: new events, vendors and venues near you.`,
      ],
      action: {
        label: 'Confirm my subscription',
        url: `${deps.config.PUBLIC_URL}/api/newsletter/confirm?token=${token}`,
      },
      footer: "If you didn't sign up, ignore this email and you won't hear from us.",
    }),
  );
}

export async function confirmSubscription(
  deps: Pick<NewsletterDeps, 'db' | 'clock'>,
  params: { token: string },
): Promise<boolean> {
  return confirmByTokenHash(deps.db, {
    tokenHash: hashToken(params.token),
    at: deps.clock.now(),
  });
}
