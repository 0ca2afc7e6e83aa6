import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

// A served item's token: `<campaign id>.<serve id>.<signature>`. The signature proves we served
// it, so a beacon or click can only count items the server handed out; the serve id makes a
// repeated beacon or click on the same serving count once.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 22);

export function issueServeToken(key: Buffer, campaignId: string): string {
  const payload = `${campaignId}.${randomUUID()}`;
  return `${payload}.${sign(key, payload)}`;
}

export function readServeToken(
  key: Buffer,
  token: string,
): { campaignId: string; serveId: string } | null {
  const [campaignId, serveId, signature, ...rest] = token.split('.');
  if (!campaignId || !serveId || !signature || rest.length > 0) return null;
  if (!UUID.test(campaignId) || !UUID.test(serveId)) return null;
  const expected = Buffer.from(sign(key, `${campaignId}.${serveId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { campaignId, serveId };
}
