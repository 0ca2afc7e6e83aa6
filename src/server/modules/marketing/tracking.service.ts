import { secretOf, type MarketingDeps } from './marketing.service';
import { readToken } from './tokens';
import * as q from './campaigns.queries';

/** Records an open (the pixel) or a click (the redirect); a bad token records nothing. */
export async function track(
  deps: MarketingDeps,
  kind: 'open' | 'click',
  token: string,
): Promise<string | null> {
  const parts = readToken(secretOf(deps.config), kind, token);
  if (!parts || parts.length !== (kind === 'open' ? 2 : 3)) return null;
  const [campaignId, email, url] = parts as [string, string, string?];
  const exists = await q.findOwnedCampaign(deps.db, {
    id: campaignId,
    owner: { id: '', admin: true },
  });
  if (!exists) return null;
  await q.insertCampaignEvent(deps.db, {
    campaignId,
    email,
    kind,
    url: url ?? null,
    createdAt: deps.clock.now(),
  });
  return url ?? '';
}
