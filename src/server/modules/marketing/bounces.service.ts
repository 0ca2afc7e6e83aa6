import { msg } from '@lingui/core/macro';
import type { BounceResult } from '../../../contracts/marketing';
import type { Config } from '../../config';
import { AppError } from '../../platform/http/errors';
import { readBounceReports } from './bounce-reports';
import { campaignOfMessageId } from './campaign-mail';
import { mailConfig, type MarketingDeps } from './marketing.service';
import * as q from './campaigns.queries';
import { suppressAddress } from './suppressions.queries';

/**
 * A campaign mail the receiving server refused for good. Refused at RCPT TO, the address is a
 * hard bounce: the send is `bounced` and the address suppressed for every list of the owner
 * (reason `bounced`). Refused at another step (the message itself), the send is `failed` and the
 * address kept. Idempotent: only a send still `queued` changes.
 */
export async function recordRefusal(
  deps: Pick<MarketingDeps, 'db' | 'clock'>,
  data: {
    campaignId: string;
    email: string;
    responseCode: string;
    response: string;
    command: string;
  },
) {
  const hard = data.command.toUpperCase().startsWith('RCPT');
  await deps.db.transaction(async (tx) => {
    const campaign = await q.findOwnedCampaign(tx, {
      id: data.campaignId,
      owner: { id: '', admin: true },
    });
    if (!campaign) return;
    const changed = await q.markSendUndelivered(tx, {
      campaignId: campaign.id,
      email: data.email,
      status: hard ? 'bounced' : 'failed',
      error: `${data.responseCode} ${data.response}`.slice(0, 500),
    });
    if (changed && hard)
      await suppressAddress(tx, {
        ownerId: campaign.ownerId,
        email: data.email,
        reason: 'bounced',
        now: deps.clock.now(),
      });
  });
}

/**
 * A provider's asynchronous bounce or complaint reports (POST /api/marketing/bounces, signed;
 * see bounce-reports.ts). Each names our Message-ID and the recipient: a hard bounce or a
 * complaint marks that send, suppresses the address for every list of the campaign's owner
 * (subscriber rows `bounced` / `complained`) and counts in the campaign report. Once per message:
 * the send's guarded update decides, so a repeated or concurrent report is a `duplicate`.
 */
export async function recordBounceReports(
  deps: Pick<MarketingDeps, 'db' | 'clock'> & {
    config: Pick<Config, 'APP_NAME' | 'PUBLIC_URL' | 'SESSION_SECRET' | 'BOUNCE_WEBHOOK_SECRET'>;
  },
  rawBody: Buffer,
  signature: string | undefined,
): Promise<BounceResult> {
  const secret = deps.config.BOUNCE_WEBHOOK_SECRET;
  if (!secret) throw new AppError('NOT_FOUND', msg`Bounce reports are not enabled on this site`);
  const now = deps.clock.now();
  const reports = readBounceReports(secret, rawBody, signature, Math.floor(now.getTime() / 1000));
  const config = mailConfig(deps.config);
  const results: BounceResult['results'] = [];
  for (const report of reports) {
    const email = report.email.toLowerCase();
    const campaignId = campaignOfMessageId(config, report.messageId, email);
    const outcome = await deps.db.transaction(async (tx) => {
      const campaign = campaignId
        ? await q.findOwnedCampaign(tx, { id: campaignId, owner: { id: '', admin: true } })
        : undefined;
      if (!campaign) return 'unknown_message' as const;
      if (report.severity === 'soft') return 'soft_bounce' as const;
      const status = report.kind === 'complaint' ? 'complained' : 'bounced';
      const changed = await q.markSendUndelivered(tx, {
        campaignId: campaign.id,
        email,
        status,
        error:
          `${report.kind === 'complaint' ? 'Complaint' : 'Bounce'} reported by the provider${report.detail ? `: ${report.detail}` : ''}`.slice(
            0,
            500,
          ),
      });
      // No send of that address in that campaign (a forged id cannot get here: the MAC).
      if (!changed) {
        const exists = await q.campaignSendExists(tx, { campaignId: campaign.id, email });
        return exists ? ('duplicate' as const) : ('unknown_message' as const);
      }
      await suppressAddress(tx, {
        ownerId: campaign.ownerId,
        email,
        reason: report.kind === 'complaint' ? 'complaint' : 'bounced',
        now,
      });
      return status;
    });
    results.push({ messageId: report.messageId.slice(0, 998), outcome });
  }
  return { received: reports.length, results };
}
